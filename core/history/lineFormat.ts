// The compact line format of the history files: one JSON object per line.
//
//   a run:        {"k":"<origin> <url key>","r":"<report id>","t":"<generated_at>","s":81,"b":"g","n":"<names id>","c":"AaBb…"}
//   check names:  {"n":"<names id>","l":["title","meta_description",…]}
//
// A run's check names are written once per file as a names line, and the run refers to them by
// their id (a hash of the list, so two processes that write the same list write the same id, and
// a names line written twice is harmless). Each check is then one character in `c`, in the order
// of the names: its status and importance (see CODES). With 40 checks a run takes about 200
// bytes. Lines start with their kind's field, so a reader can group runs by key without parsing
// them (`keyOfLine`) and parse only the lines of the URL asked for.

import type { RatingBand } from '../checks/rating';
import type { Importance } from '../checks/checkResults';
import type { CheckState, RunSnapshot } from './snapshot';
import { digestOf } from '../text/digest';

const IMPORTANCES: readonly (Importance | undefined)[] = [undefined, 'high', 'medium', 'low'];
/** Failed checks are upper case, passed ones lower case; the letter is the importance. */
const CODES = { failed: 'NHML', passed: 'nhml' } as const;
const BANDS: Record<RatingBand, string> = { good: 'g', decent: 'd', bad: 'b', unknown: 'u' };
const BAND_OF: Record<string, RatingBand> = { g: 'good', d: 'decent', b: 'bad', u: 'unknown' };

export interface NamesLine {
  id: string;
  names: string[];
}

/** The id of a list of check names: the same list always gets the same id. */
export function namesId(names: readonly string[]): string {
  return digestOf('sha1', JSON.stringify(names)).toString('base64url').slice(0, 12);
}

export function namesLine(names: readonly string[]): string {
  return JSON.stringify({ n: namesId(names), l: names });
}

/** The line of a run under `key`, and the names it refers to. */
export function runLine(key: string, run: RunSnapshot): { line: string; names: string[] } {
  const names = Object.keys(run.checks);
  let codes = '';
  for (const name of names) {
    const check = run.checks[name];
    codes += (check.passed ? CODES.passed : CODES.failed)[Math.max(0, IMPORTANCES.indexOf(check.importance))];
  }
  const fields: Record<string, unknown> = { k: key };
  if (run.reportId !== undefined) fields.r = run.reportId;
  fields.t = run.generatedAt;
  if (run.score !== undefined) fields.s = run.score;
  fields.b = BANDS[run.band];
  fields.n = namesId(names);
  fields.c = codes;
  return { line: JSON.stringify(fields), names };
}

const KEY_PREFIX = '{"k":"';
const NAMES_PREFIX = '{"n":"';

/** The key of a run line, read without parsing the line; undefined for any other line. */
export function keyOfLine(line: string): string | undefined {
  if (!line.startsWith(KEY_PREFIX)) return undefined;
  const end = line.indexOf('"', KEY_PREFIX.length);
  if (end < 0) return undefined;
  const raw = line.slice(KEY_PREFIX.length, end);
  if (!raw.includes('\\')) return raw;
  // An escape inside the key: read the whole string literal properly.
  const match = /^\{"k":("(?:[^"\\]|\\.)*")/.exec(line);
  try {
    return match ? (JSON.parse(match[1]) as string) : undefined;
  } catch {
    return undefined;
  }
}

export function isNamesLine(line: string): boolean {
  return line.startsWith(NAMES_PREFIX);
}

/** A names line read, or undefined when it is not one. */
export function parseNamesLine(line: string): NamesLine | undefined {
  try {
    const value = JSON.parse(line) as { n?: unknown; l?: unknown };
    if (typeof value.n !== 'string' || !Array.isArray(value.l) || !value.l.every((n) => typeof n === 'string')) return undefined;
    return { id: value.n, names: value.l as string[] };
  } catch {
    return undefined;
  }
}

/** The time and score of a run line (what tells two runs apart), or undefined when it is not one. */
export function runIdentity(line: string): string | undefined {
  try {
    const value = JSON.parse(line) as { t?: unknown; s?: unknown };
    return typeof value.t === 'string' ? `${value.t} ${typeof value.s === 'number' ? value.s : ''}` : undefined;
  } catch {
    return undefined;
  }
}

export function identityOf(run: RunSnapshot): string {
  return `${run.generatedAt} ${run.score ?? ''}`;
}

/** A run line read back, with its check names from `names`; undefined when it cannot be read. */
export function parseRunLine(line: string, names: ReadonlyMap<string, readonly string[]>): RunSnapshot | undefined {
  let value: { r?: unknown; t?: unknown; s?: unknown; b?: unknown; n?: unknown; c?: unknown };
  try {
    value = JSON.parse(line) as typeof value;
  } catch {
    return undefined;
  }
  if (typeof value.t !== 'string' || typeof value.n !== 'string' || typeof value.c !== 'string' || typeof value.b !== 'string') {
    return undefined;
  }
  const list = names.get(value.n);
  if (list === undefined || list.length !== value.c.length) return undefined;
  const band = Object.prototype.hasOwnProperty.call(BAND_OF, value.b) ? BAND_OF[value.b] : 'unknown';
  const checks: Record<string, CheckState> = {};
  for (let i = 0; i < list.length; i++) {
    const code = value.c[i];
    const failed = CODES.failed.indexOf(code);
    const passed = CODES.passed.indexOf(code);
    const importance = IMPORTANCES[failed >= 0 ? failed : passed];
    if (failed < 0 && passed < 0) continue;
    Object.defineProperty(checks, list[i], {
      value: importance ? { passed: passed >= 0, importance } : { passed: passed >= 0 },
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  const run: RunSnapshot = { generatedAt: value.t, band, checks };
  if (typeof value.s === 'number' && Number.isFinite(value.s)) run.score = value.s;
  if (typeof value.r === 'string') run.reportId = value.r;
  return run;
}
