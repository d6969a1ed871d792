// `check --local --compare` (beside service.ts, which it uses): each page's local result against its latest report on the service
// (the one lookup, core/reports/urlLookup), in the history's words (core/history: diff and
// changeWords): "73 → 87 (+14): 2 checks fixed, 1 newly failing". Only the checks judged locally
// are compared; the published score is over all of the service's checks. A note per page (it never
// fails the run); a service that cannot answer fails it, as `check` does.
import { toApiError } from '../core/client/errors';
import { redactorFor } from '../core/client/redact';
import type { GateConfig } from '../core/config/configFile';
import type { UrlResult } from '../core/config/gateReport';
import { diffRuns } from '../core/history/diff';
import { changeSummary } from '../core/history/changeWords';
import { snapshotOf } from '../core/history/snapshot';
import { UrlLookup } from '../core/reports/urlLookup';
import type { CheckOptions } from './args';
import type { CliIo } from './cliIo';
import { chooseService, openClient, serviceProblem, stoppingFailure } from './service';
import { CliFailure } from './usageError';
import { localReport } from './local/judgePage';

/** Adds each page's comparison (and a note saying it) to `results`; returns the key's redactor. */
export async function comparePublished(
  results: UrlResult[],
  options: CheckOptions,
  io: CliIo,
  config: GateConfig,
): Promise<(text: string) => string> {
  const service = chooseService(options.baseUrl, io.env, config);
  const client = openClient(service, io.env, io.version);
  const lookup = new UrlLookup({ source: () => client });
  const pages = results.filter((r) => !r.url.startsWith('/') && r.local?.score !== undefined);
  try {
    let done = 0;
    const answers = await lookup.settleAll(
      pages.map((r) => r.url),
      'command',
      () => io.progress.say(`Looking up reports: ${++done}/${pages.length}`),
    );
    for (const r of pages) {
      const answer = answers.get(r.url);
      if (!answer || answer.state === 'unknown') {
        const error = toApiError(answer?.state === 'unknown' ? answer.error : new Error('no answer'));
        throw (
          stoppingFailure(error, { address: client.base.href, source: service.source }) ??
          new CliFailure('service', `The report service failed (${serviceProblem(error, client.base.href)}); nothing was compared.`)
        );
      }
      const local = localReport(r.url, r.local!)!;
      if (answer.state === 'none') {
        r.compare = { fixed: [], newlyFailing: [], words: 'No published report to compare with.' };
      } else {
        const diff = diffRuns(snapshotOf(answer.report), snapshotOf(local));
        r.compare = {
          reportId: answer.report.id,
          ...(diff.scoreBefore === undefined ? {} : { published: diff.scoreBefore }),
          fixed: diff.fixed,
          newlyFailing: diff.newlyFailing,
          words: `Against the published report: ${changeSummary(diff)}`,
        };
        r.reportId = answer.report.id;
      }
      r.findings.push({ level: 'note', rule: 'compare', message: r.compare.words });
    }
  } finally {
    io.progress.done();
    lookup.dispose();
    await client.dispose();
  }
  return redactorFor(service.apiKey);
}
