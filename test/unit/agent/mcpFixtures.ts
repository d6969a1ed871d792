// The local report service for the MCP tests: reports made through its API (POST), each analysed by
// `analyze` from a table the test fills (so a re-run can change a page's checks), and pages the
// analysis reads (a report of 500 checks, hostile text).
import type { Analysis } from '../../../service/analyze';
import { startService, type RunningService } from '../../../service/server';

export const KEY = 'mcp-test-key-5512-secret';

export type Checks = Analysis['results'];

export function checks(failing: string[], passing: string[]): Checks {
  const out: Checks = {};
  for (const key of failing) out[key] = { passed: false, importance: 'high', value: null, errors: { missing: null } };
  for (const key of passing) out[key] = { passed: true, importance: 'medium', value: null };
  return out;
}

export class AnalysedService {
  readonly analyses = new Map<string, Analysis>();
  service!: RunningService;

  async start(): Promise<void> {
    this.service = await startService({
      apiKey: KEY,
      control: true,
      analyze: async (url) => this.analyses.get(url) ?? { score: 90, result: 'good', results: checks([], ['title', 'meta_description']) },
    });
  }

  set(url: string, score: number, results: Checks): void {
    this.analyses.set(url, { score, result: score > 79 ? 'good' : score >= 49 ? 'decent' : 'bad', results });
  }

  /** Creates the report through the API, as any client would; its id. */
  async create(url: string): Promise<number> {
    const answer = await this.api('POST', '/api/v1/reports', new URLSearchParams({ url, privacy: '0' }));
    return Number((answer as { data: { id: number } }).data.id);
  }

  async rerun(id: number): Promise<void> {
    await this.api('PUT', `/api/v1/reports/${id}`, new URLSearchParams({ results: '1' }));
  }

  private async api(method: string, path: string, body: URLSearchParams): Promise<unknown> {
    const res = await fetch(`${this.service.url}${path}`, {
      method,
      body,
      headers: { Authorization: `Bearer ${KEY}`, Accept: 'application/json' },
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  }

  /** Requests that write (POST, PUT, DELETE) recorded since the last clear. */
  writes(): string[] {
    return this.service
      .requests()
      .filter((r) => r.method !== 'GET')
      .map((r) => `${r.method} ${r.path}`);
  }
}
