// Shared by the quick-fix suites: a fix applied to its text, a snippet filled in as a person would.
import { strict as assert } from 'node:assert';
import { applyEdits } from '../../../core/fixes/combineEdits';
import type { FixAnswer, FixOptions, SourceKind } from '../../../core/fixes/fixTypes';
import { fixFor } from '../../../core/fixes/sourceFixes';

/** The fix of `check` in `text` (asserted to exist). */
export function fixOf(text: string, kind: SourceKind, check: string, options: FixOptions = {}) {
  const answer: FixAnswer = fixFor({ text, kind }, { check }, options);
  assert.ok(answer.fix, `expected a fix of ${check}, got: ${answer.reason}`);
  return answer.fix;
}

/** The reason `check` is not fixed in `text` (asserted to be refused). */
export function refusal(text: string, kind: SourceKind, check: string, options: FixOptions = {}): string {
  const answer = fixFor({ text, kind }, { check }, options);
  assert.equal(answer.fix, undefined, `expected no fix of ${check}`);
  return answer.reason!;
}

/** `text` after the deterministic fix of `check`. */
export function fixed(text: string, kind: SourceKind, check: string, options: FixOptions = {}): string {
  const fix = fixOf(text, kind, check, options);
  assert.equal(fix.deterministic, true);
  return applyEdits(text, fix.edits);
}

/** `text` after the snippet of `check`, its tab stops filled with `typed` (placeholders keep their text). */
export function snipped(text: string, kind: SourceKind, check: string, typed = '', options: FixOptions = {}): string {
  const fix = fixOf(text, kind, check, options);
  assert.equal(fix.deterministic, false);
  const snippet = fix.snippet!;
  const filled = snippet.snippet
    .replace(/\$\{1:((?:\\.|[^\\}])*)\}/, (_, kept: string) => typed || kept.replace(/\\(.)/g, '$1'))
    .replace('${1}', typed);
  return text.slice(0, snippet.start) + filled + text.slice(snippet.end);
}
