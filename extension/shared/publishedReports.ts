// A page's latest published report with its checks, for the surfaces that read them (page-source
// Problems, the local checks' comparison): looked up through the shared lookups (one request per
// host at the floor), and the full record read once per run when a list answer left `results` out.
import type { Report } from '../../core/client/types';
import type { LookupAudience } from '../../core/reports/lookupPriority';

/** Full records kept, at most: a bound, not a cache policy (pages shown at once are few). */
export const MAX_FULL_RECORDS = 200;

export class PublishedReports {
  /** Full records by report id and analysis time. */
  private readonly full = new Map<string, Report>();

  constructor(
    private readonly lookup: (url: string, audience: LookupAudience) => Promise<Report | undefined>,
    private readonly read: (id: Report['id']) => Promise<Report>,
  ) {}

  /** The page's latest report with its checks, undefined when it has none; rejects when unknown. */
  async of(url: string, audience: LookupAudience): Promise<Report | undefined> {
    return this.withChecks(await this.lookup(url, audience));
  }

  /** The record with its checks: a list answer may leave `results` out, then the report is read (once per run). */
  async withChecks(report: Report | undefined): Promise<Report | undefined> {
    if (!report || (typeof report.results === 'object' && report.results !== null)) return report;
    const key = `${String(report.id)} ${String(report.generated_at ?? '')}`;
    const known = this.full.get(key);
    if (known) return known;
    const full = await this.read(report.id);
    if (this.full.size > MAX_FULL_RECORDS) this.full.clear();
    this.full.set(key, full);
    return full;
  }
}
