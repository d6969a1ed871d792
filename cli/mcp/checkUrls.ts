// check_urls for the MCP server: `check` on the files given, read-only — the same walk of the
// files, the same lookups, the same judging (judge.ts's judgedResults) and summary, without
// creates, re-runs, a baseline or any output written. A service failure is the tool's error.
import * as path from 'node:path';
import type { ReportsClient } from '../../core/client/client';
import type { GateConfig } from '../../core/config/configFile';
import { summarize, type GateReport } from '../../core/config/gateReport';
import { RuleSet } from '../../core/config/rules';
import type { UrlLookup } from '../../core/reports/urlLookup';
import type { SkipNote } from '../../core/urls/fileWalk';
import { isWithin } from '../../core/files/confinedRead';
import { filesOf, urlPlacesOf } from '../check';
import type { CliIo } from '../cliIo';
import { judgedResults, lookUp } from '../judge';
import { Failures } from '../serviceRun';

export async function checkUrlsReadOnly(
  paths: readonly string[],
  io: CliIo,
  config: GateConfig,
  client: () => ReportsClient,
  lookup: UrlLookup,
): Promise<GateReport> {
  for (const p of paths) {
    // l10n-exempt: an answer for a language model (core/agent/agentAnswer.ts)
    if (!isWithin(path.resolve(io.cwd), path.resolve(io.cwd, p))) {
      throw new Error(`"${p.slice(0, 100)}" is outside the project; give paths inside it.`);
    }
  }
  const rules = new RuleSet(config);
  const notes: SkipNote[] = [];
  const own = config.file ? [config.file] : [];
  const places = urlPlacesOf(filesOf(paths, io.cwd, config, own, notes), rules, notes);
  const failures = new Failures();
  failures.address = client().base.href;
  const reports = await lookUp([...places.keys()], lookup, failures, { ...io, progress: { say: () => undefined, done: () => undefined } });
  // l10n-exempt: an answer for a language model (core/agent/agentAnswer.ts)
  if (reports.size < places.size) {
    throw new Error(
      `The report service failed (${failures.first ?? 'it did not answer'}); ${places.size - reports.size} URLs were not checked.`,
    );
  }
  const now = (io.now ?? Date.now)();
  const results = await judgedResults(places, reports, { rules, config, cwd: io.cwd, now });
  return summarize(results, { created: 0, rerun: 0, notChecked: [], skippedFiles: notes });
}
