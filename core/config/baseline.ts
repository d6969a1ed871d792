// A baseline: what each URL's report said when the team last accepted it. Against a baseline only
// regressions are errors — a score that fell by more than the tolerance, a band that went down, a
// check that went from passed to failed; the rules' other errors become warnings. A URL the
// baseline does not know yet is judged by the rules alone. The file is written stable and sorted,
// so a change to it reads well in a diff.
import * as l10n from '@vscode/l10n';
import type { Report } from '../client/types';
import { readConfined, ReadProblem, tooLargeMessage } from '../files/confinedRead';
import { ratingOf, ratingRank, roundedScore } from '../checks/rating';
import { checkChanges } from '../checks/checkChanges';
import { describeRating } from '../checks/ratingWords';
import { checkStates, type CheckState } from '../checks/checkResults';
import type { Finding, GateRating, UrlVerdict } from './rules';
import { ratingWord } from './rules';

/** Bytes of a baseline file read; a larger one is refused. */
export const MAX_BASELINE_BYTES = 16 * 1024 * 1024;
export const BASELINE_VERSION = 1;

export interface BaselineEntry {
  rating: GateRating;
  score?: number;
  checks?: Record<string, CheckState>;
}

export type Baseline = Map<string, BaselineEntry>;

const RATINGS: readonly string[] = ['good', 'decent', 'bad', 'none'] satisfies GateRating[];

export class BaselineError extends Error {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`${file}: ${detail}`);
    this.name = 'BaselineError';
  }
}

/** What a baseline keeps of a report (undefined: no report). */
export function baselineEntry(report: Report | undefined): BaselineEntry {
  if (!report) return { rating: 'none' };
  const { score } = ratingOf(report);
  const states = checkStates(report.results);
  const entry: BaselineEntry = { rating: ratingWord(report) };
  if (score !== undefined) entry.score = score;
  if (states.size) entry.checks = Object.fromEntries([...states].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return entry;
}

/**
 * The file's text: URLs sorted, fields in a fixed order, two-space indent, a final newline. `clean`
 * (the client's redactor) takes the key out of every URL and check name before it is written: the
 * file is committed, and a service may echo the key as a check name.
 */
export function serializeBaseline(baseline: Baseline, clean: (text: string) => string = (t) => t): string {
  const entries = [...baseline].map(([url, entry]): [string, BaselineEntry] => [clean(url), entry]);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const out: Record<string, BaselineEntry> = Object.create(null) as Record<string, BaselineEntry>;
  for (const [url, entry] of entries) {
    const checks = entry.checks && Object.fromEntries(Object.entries(entry.checks).map(([check, state]) => [clean(check), state]));
    out[url] = {
      rating: entry.rating,
      ...(entry.score === undefined ? {} : { score: entry.score }),
      ...(checks ? { checks } : {}),
    };
  }
  return `${JSON.stringify({ version: BASELINE_VERSION, urls: out }, null, 2)}\n`;
}

/**
 * The baseline in `file`, read within MAX_BASELINE_BYTES and never through a link out of its
 * folder; undefined when it does not exist and `missingOk` (what --update-baseline is for).
 */
export async function loadBaseline(file: string, options: { cwd?: string; missingOk?: boolean } = {}): Promise<Baseline | undefined> {
  let text: string;
  try {
    text = await readConfined(file, { maxBytes: MAX_BASELINE_BYTES, cwd: options.cwd });
  } catch (error) {
    if (!(error instanceof ReadProblem)) throw error;
    if (error.kind === 'missing' && options.missingOk) return undefined;
    if (error.kind === 'missing' || error.kind === 'unreadable') {
      throw new BaselineError(file, l10n.t('It cannot be read ({0}); write one with --update-baseline.', error.code ?? '?'));
    }
    throw new BaselineError(file, error.message);
  }
  return parseBaseline(text, file);
}

export function parseBaseline(text: string, file: string): Baseline {
  if (Buffer.byteLength(text) > MAX_BASELINE_BYTES) {
    throw new BaselineError(file, tooLargeMessage(MAX_BASELINE_BYTES));
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new BaselineError(file, l10n.t('The baseline is not valid JSON ({0}).', (error as Error).message));
  }
  const urls = (raw as { urls?: unknown } | null)?.urls;
  if (!urls || typeof urls !== 'object' || Array.isArray(urls) || (raw as { version?: unknown }).version !== BASELINE_VERSION) {
    throw new BaselineError(
      file,
      l10n.t('This is not a baseline of version {0}; write a new one with --update-baseline.', BASELINE_VERSION),
    );
  }
  const baseline: Baseline = new Map();
  for (const [url, value] of Object.entries(urls as Record<string, unknown>)) {
    const v = value as Partial<BaselineEntry> | null;
    // Own keys only: "toString" or "__proto__" is `in` every object.
    if (!v || typeof v !== 'object' || typeof v.rating !== 'string' || !RATINGS.includes(v.rating)) {
      throw new BaselineError(file, l10n.t('The entry of {0} has no valid "rating".', url));
    }
    const entry: BaselineEntry = { rating: v.rating as GateRating };
    if (typeof v.score === 'number' && Number.isFinite(v.score)) entry.score = v.score;
    if (v.checks && typeof v.checks === 'object') {
      // fromEntries defines each key: a check named "__proto__" stays a check.
      entry.checks = Object.fromEntries(Object.entries(v.checks).filter(([, state]) => state === 'passed' || state === 'failed'));
    }
    baseline.set(url, entry);
  }
  return baseline;
}

/** The regressions from `before` to `now`, each an error. */
export function regressions(before: BaselineEntry, now: BaselineEntry, tolerance: number): Finding[] {
  const found: Finding[] = [];
  if (before.score !== undefined && now.score !== undefined && before.score - now.score > tolerance) {
    found.push({
      level: 'error',
      rule: 'regression/score',
      message: l10n.t(
        'The score fell from {0} to {1} (more than {2} points).',
        roundedScore(before.score),
        roundedScore(now.score),
        tolerance,
      ),
    });
  }
  if (now.rating !== 'none' && ratingRank(now.rating) < ratingRank(before.rating)) {
    found.push({
      level: 'error',
      rule: 'regression/rating',
      message: l10n.t('The rating went down from {0} to {1}.', describeBand(before.rating), describeBand(now.rating)),
    });
  }
  for (const check of checkChanges(before.checks, now.checks ?? {}).newlyFailing) {
    found.push({ level: 'error', rule: `regression/check/${check}`, message: l10n.t('Check "{0}" passed before and fails now.', check) });
  }
  return found;
}

/** The verdict against the baseline: rule errors become warnings, regressions are the errors. */
export function againstBaseline(verdict: UrlVerdict, before: BaselineEntry | undefined, now: BaselineEntry, tolerance: number): UrlVerdict {
  if (!before || verdict.ignored) return verdict;
  const demoted = verdict.findings.map((f): Finding => (f.level === 'error' ? { ...f, level: 'warn' } : f));
  return { ...verdict, findings: [...regressions(before, now, tolerance), ...demoted] };
}

function describeBand(rating: GateRating): string {
  return describeRating({ band: rating === 'none' ? 'unknown' : rating });
}
