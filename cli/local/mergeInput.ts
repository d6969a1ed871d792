// What merge takes of a shard's JSON, checked field by field: a file from another job is untrusted,
// and only what fits the shapes below (within their bounds) goes into the merged report.
import type { LocalPage, PageComparison } from '../../core/config/gateReport';
import type { SkipNote, SkipReason } from '../../core/urls/fileWalk';
import type { Occurrence } from '../../core/urls/urlsInFiles';
import { MAX_PLACES_PER_CHECK_SHOWN } from '../../core/sources/findingPlaces';

/** Checks of one page taken (the analysis has fewer than 40). */
export const MAX_MERGED_CHECKS = 200;
/** Characters of a file name, check key, reason or sentence taken. */
export const MAX_MERGED_TEXT = 4_096;
/** Skipped-file notes taken of one shard. */
export const MAX_MERGED_NOTES = 10_000;

const text = (v: unknown): v is string => typeof v === 'string' && v.length <= MAX_MERGED_TEXT;
const count = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const REASONS: readonly SkipReason[] = [
  'too-large',
  'binary',
  'symlink-loop',
  'outside-link',
  'too-deep',
  'unreadable',
  'file-limit',
  'not-found',
];

function record(v: unknown): Record<string, unknown> | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

function place(v: unknown): Occurrence | undefined {
  const r = record(v);
  return r && text(r.file) && Number.isInteger(r.line) && Number.isInteger(r.column) && (r.line as number) >= 1 && (r.column as number) >= 1
    ? { file: r.file, line: r.line as number, column: r.column as number }
    : undefined;
}

/** A page's LocalPage, or undefined when the value is not one. */
export function checkedLocal(value: unknown): LocalPage | undefined {
  const r = record(value);
  if (!r) return undefined;
  const out: LocalPage = {};
  for (const key of ['file', 'source', 'fetched', 'reason'] as const) {
    if (r[key] === undefined) continue;
    if (!text(r[key])) return undefined;
    out[key] = r[key];
  }
  for (const key of ['score', 'judged', 'total'] as const) {
    if (r[key] === undefined) continue;
    if (!count(r[key])) return undefined;
    out[key] = r[key];
  }
  if (out.score === undefined && out.reason === undefined) return undefined;
  if (r.checks !== undefined) {
    const checks = record(r.checks);
    const entries = checks ? Object.entries(checks) : [];
    if (!checks || entries.length > MAX_MERGED_CHECKS || !entries.every(([k, s]) => text(k) && (s === 'passed' || s === 'failed'))) {
      return undefined;
    }
    out.checks = Object.fromEntries(entries) as Record<string, 'passed' | 'failed'>;
  }
  if (r.places !== undefined) {
    const places = record(r.places);
    const entries = places ? Object.entries(places) : [];
    if (!places || entries.length > MAX_MERGED_CHECKS) return undefined;
    const kept: [string, Occurrence[]][] = [];
    for (const [k, list] of entries) {
      const at = Array.isArray(list) && list.length <= MAX_PLACES_PER_CHECK_SHOWN ? list.map(place) : [undefined];
      if (!text(k) || at.some((p) => p === undefined)) return undefined;
      kept.push([k, at as Occurrence[]]);
    }
    out.places = Object.fromEntries(kept);
  }
  if (r.messages !== undefined) {
    const messages = record(r.messages);
    const entries = messages ? Object.entries(messages) : [];
    if (!messages || entries.length > MAX_MERGED_CHECKS || !entries.every(([k, m]) => text(k) && text(m))) return undefined;
    out.messages = Object.fromEntries(entries) as Record<string, string>;
  }
  return out;
}

/** A page's comparison with its published report, or undefined when the value is not one. */
export function checkedComparison(value: unknown): PageComparison | undefined {
  const r = record(value);
  const names = (v: unknown): v is string[] => Array.isArray(v) && v.length <= MAX_MERGED_CHECKS && v.every(text);
  if (!r || !text(r.words) || !names(r.fixed) || !names(r.newlyFailing)) return undefined;
  const id = r.reportId;
  return {
    ...((typeof id === 'string' && text(id)) || (typeof id === 'number' && Number.isFinite(id)) ? { reportId: id } : {}),
    ...(count(r.published) ? { published: r.published } : {}),
    fixed: r.fixed,
    newlyFailing: r.newlyFailing,
    words: r.words,
  };
}

/** A shard's skipped files, those that fit the shape. */
export function checkedNotes(value: unknown): SkipNote[] {
  if (!Array.isArray(value)) return [];
  return value.slice(0, MAX_MERGED_NOTES).flatMap((v) => {
    const r = record(v);
    return r && text(r.file) && text(r.message) && REASONS.includes(r.reason as SkipReason)
      ? [{ file: r.file, reason: r.reason as SkipReason, message: r.message }]
      : [];
  });
}
