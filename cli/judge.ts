// Judging the URLs found: look up their latest reports through the same budgeted lookups the
// editor uses, create or re-run where asked (through the same never-twice path), apply the rules
// (and the baseline), and write the report. A service failure leaves no report: the run fails
// with the URLs it could not check.
import { ReportActions } from '../core/reports/reportActions';
import { runWrites } from '../core/reports/writeQueue';
import { hasCredentials, withoutCredentials } from '../core/client/credentials';
import type { UrlLookup } from '../core/reports/urlLookup';
import { toApiError } from '../core/client/errors';
import type { Report } from '../core/client/types';
import { againstBaseline, Baseline, baselineEntry } from '../core/config/baseline';
import type { GateConfig } from '../core/config/configFile';
import type { SkipNote } from '../core/urls/fileWalk';
import { summarize, UrlResult } from '../core/config/gateReport';
import type { UrlPlaces } from '../core/urls/occurrences';
import { evaluateUrl, RuleSet } from '../core/config/rules';
import { checkOfFinding, placeFindings, SourcePlaces } from '../core/sources/findingPlaces';
import { PagesOfConfig } from '../core/sources/pageOfFile';
import * as path from 'node:path';
import { ageDays } from '../core/checks/reportAge';
import type { CheckOptions } from './args';
import type { CliIo } from './cliIo';
import { deliverReport, wantsEntries } from './delivery';
import type { Failures, ServiceRun } from './serviceRun';
import { CliFailure } from './usageError';

/** URLs named when the service failed (a failed run of 1,000 URLs does not print 1,000 lines); the rest are counted. */
export const MAX_UNCHECKED_NAMED = 20;

export async function judge(
  options: CheckOptions,
  io: CliIo,
  config: GateConfig,
  rules: RuleSet,
  places: Map<string, UrlPlaces>,
  notes: SkipNote[],
  run: ServiceRun,
): Promise<number> {
  const { client, lookup, failures, clean, baseline } = run;
  try {
    const urls = [...places.keys()];
    const reports = await lookUp(urls, lookup, failures, io);
    const notChecked = new Set(urls.filter((u) => !reports.has(u)));
    let created = 0;
    let rerun = 0;
    const actions = new ReportActions(() => client);
    if (options.createMissing) created = await createMissing(urls, reports, notChecked, failures, actions, options, io);
    if (options.rerunOlderThanDays !== undefined) {
      rerun = await rerunStale(urls, reports, notChecked, failures, actions, options.rerunOlderThanDays, io);
    }
    // Nothing more is sent: the connections close while the pages are judged and the report written.
    void run.close();
    if (notChecked.size) {
      const named = [...notChecked].slice(0, MAX_UNCHECKED_NAMED);
      const more = notChecked.size - named.length;
      const list = named.map((u) => `  ${u}\n`).join('') + (more > 0 ? `  … and ${more} more\n` : '');
      const why = failures.first ?? 'it did not answer';
      throw new CliFailure(
        'service',
        `The report service failed (${why}); ${notChecked.size} URL(s) were not checked, and no report was written. Run again when the service answers:\n${list}`,
      );
    }
    const now = (io.now ?? Date.now)();
    const current: Baseline = new Map();
    // Each page's baseline entry, only where something reads it.
    const entries = wantsEntries(options);
    const results = await judgedResults(places, reports, { rules, config, cwd: io.cwd, now }, entries ? { baseline, current } : undefined);
    const report = summarize(results, { created, rerun, notChecked: [], skippedFiles: notes });
    const formatOptions = { version: io.version, reportLink: config.reportLink, clean };
    return await deliverReport(options, io, { report, formatOptions, baseline, current, entries: 'URL(s)' }, options);
  } finally {
    io.progress.done();
    lookup.dispose();
    await run.close();
  }
}

/** What judging a URL needs: the rules, the config (its sources, tolerance), where the run is, and now. */
export interface JudgeContext {
  rules: RuleSet;
  config: GateConfig;
  cwd: string;
  now: number;
}

/**
 * Each URL's verdict on its latest report (the rules; with `entries`, against the baseline, each
 * page's entry put in `current`), its failed checks' findings also placed on the page's source.
 * The one judging of `check`, and of the MCP server's read-only check_urls.
 */
export async function judgedResults(
  places: Map<string, UrlPlaces>,
  reports: Map<string, Report | undefined>,
  at: JudgeContext,
  entries?: { baseline?: Baseline; current: Baseline },
): Promise<UrlResult[]> {
  const { rules, config, now } = at;
  const results: UrlResult[] = [];
  // A failed check's finding also on the page's source file (`sources`), where it is fixed.
  const sources = new SourcePlaces(new PagesOfConfig(config, config.file ? path.dirname(config.file) : at.cwd, true), at.cwd);
  for (const [url, where] of places) {
    const report = reports.get(url);
    let verdict = evaluateUrl(rules, url, report, now);
    if (entries) {
      const entry = baselineEntry(report);
      entries.current.set(url, entry);
      if (entries.baseline) verdict = againstBaseline(verdict, entries.baseline.get(url), entry, config.tolerance);
    }
    const checks = sources.active ? verdict.findings.flatMap((f) => checkOfFinding(f.rule) ?? []) : [];
    const onSource = checks.length ? await sources.placesOf(url, checks) : undefined;
    const findings = onSource ? placeFindings(verdict.findings, (check) => onSource.get(check)) : verdict.findings;
    results.push({
      url,
      rating: verdict.rating,
      ...(verdict.score === undefined ? {} : { score: verdict.score }),
      ...(report?.id === undefined ? {} : { reportId: report.id }),
      occurrences: where.occurrences,
      findings,
    });
  }
  return results;
}

/**
 * Each URL's latest report (a key per answered URL; undefined = none), through the same lookups
 * (and the same choice of route) as the editor. An unknown URL has no key. A refused key ends the run.
 */
export async function lookUp(urls: string[], lookup: UrlLookup, failures: Failures, io: CliIo): Promise<Map<string, Report | undefined>> {
  let done = 0;
  const answers = await lookup.settleAll(urls, 'command', () => io.progress.say(`Looking up reports: ${++done}/${urls.length}`));
  const reports = new Map<string, Report | undefined>();
  for (const [url, answer] of answers) {
    if (answer.state === 'unknown') failures.note(toApiError(answer.error));
    else reports.set(url, answer.state === 'found' ? answer.report : undefined);
  }
  return reports;
}

/** Creates the missing reports through the one write queue; a URL with a user name or password is never sent. */
async function createMissing(
  urls: string[],
  reports: Map<string, Report | undefined>,
  notChecked: Set<string>,
  failures: Failures,
  actions: ReportActions,
  options: CheckOptions,
  io: CliIo,
): Promise<number> {
  const missing = urls.filter((u) => reports.has(u) && reports.get(u) === undefined);
  const refused = missing.filter(hasCredentials);
  for (const url of refused) {
    io.stderr(`website-reports: no report was created for ${withoutCredentials(url)}: the URL holds a user name or password.\n`);
  }
  const toCreate = missing.filter((u) => !hasCredentials(u));
  if (!toCreate.length) return 0;
  let done = 0;
  let created = 0;
  const run = await runWrites(
    toCreate.map((url) => ({ kind: 'create' as const, url, privacy: options.privacy })),
    actions,
    { onResult: () => void io.progress.say(`Creating reports: ${++done}/${toCreate.length}`) },
  );
  run.results.forEach((outcome, i) => {
    const url = toCreate[i];
    if (outcome?.kind === 'created' || outcome?.kind === 'recovered') {
      reports.set(url, outcome.report);
      created++;
      return;
    }
    if (outcome?.kind === 'failed') {
      failures.note(outcome.error);
      if (outcome.error.kind === 'validation') {
        io.stderr(`website-reports: the service refused to create a report for ${url}: ${outcome.error.message}\n`);
        return;
      }
    }
    notChecked.add(url);
  });
  return created;
}

/** Re-runs the reports older than `days` through the same write queue. */
async function rerunStale(
  urls: string[],
  reports: Map<string, Report | undefined>,
  notChecked: Set<string>,
  failures: Failures,
  actions: ReportActions,
  days: number,
  io: CliIo,
): Promise<number> {
  const now = (io.now ?? Date.now)();
  const stale = urls.filter((u) => {
    const report = reports.get(u);
    const age = report ? ageDays(report, now) : undefined;
    return age !== undefined && age > days;
  });
  if (!stale.length) return 0;
  let count = 0;
  const run = await runWrites(
    stale.map((url) => ({ kind: 'rerun' as const, report: reports.get(url) as Report })),
    actions,
    {
      onResult: (_i, outcome) =>
        void io.progress.say(`Re-running reports: ${outcome.kind === 'updated' ? ++count : count}/${stale.length}`),
    },
  );
  run.results.forEach((outcome, i) => {
    const url = stale[i];
    if (outcome?.kind === 'updated') reports.set(url, outcome.report);
    else if (outcome?.kind === 'gone') reports.set(url, undefined);
    else {
      if (outcome?.kind === 'failed') failures.note(outcome.error);
      notChecked.add(url);
    }
  });
  return count;
}
