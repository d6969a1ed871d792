// A published finding on a line edited since: the report was made on the page as it was, so on a
// title or description line changed since the finding was first placed, it may be fixed already,
// and only a re-run after the next deploy says so. Only checks with a line of their own (title,
// description) are compared; the others sit on the first line for want of one. Pure.
import * as l10n from '@vscode/l10n';
import { relativeTime } from '../text/vocabulary';
import { DESCRIPTION_CHECKS, TITLE_CHECKS } from './checkLocations';
import type { SourceFinding } from './sourceFindings';

/** The text of 0-based line `n` of `text` (VS Code's line ends), undefined past the end. */
export function lineOf(text: string, n: number): string | undefined {
  let start = 0;
  for (let line = 0; line < n; line++) {
    const end = nextBreak(text, start);
    if (end < 0) return undefined;
    start = end + (text.startsWith('\r\n', end) ? 2 : 1);
  }
  const end = nextBreak(text, start);
  return text.slice(start, end < 0 ? text.length : end);
}

function nextBreak(text: string, from: number): number {
  const lf = text.indexOf('\n', from);
  const cr = text.indexOf('\r', from);
  return cr >= 0 && (lf < 0 || cr < lf) ? cr : lf;
}

/**
 * The checks of `now` (findings placed on `nowText`) whose line reads otherwise than the line the
 * same check was placed on in `beforeText` (`before`: the same report's findings placed there).
 */
export function checksOnChangedLines(
  now: readonly SourceFinding[],
  nowText: string,
  before: readonly SourceFinding[],
  beforeText: string,
): Set<string> {
  const changed = new Set<string>();
  if (nowText === beforeText) return changed;
  const earlier = new Map(before.map((f) => [f.check, f.line]));
  for (const finding of now) {
    if (!TITLE_CHECKS.has(finding.check) && !DESCRIPTION_CHECKS.has(finding.check)) continue;
    const line = earlier.get(finding.check);
    if (line === undefined) continue;
    if (lineOf(beforeText, line) !== lineOf(nowText, finding.line)) changed.add(finding.check);
  }
  return changed;
}

/** "Title: 4 characters, should be 10–60 — published 3 days ago; this line changed since: …". */
export function changedLineWords(message: string, generatedAt: unknown, now?: Date): string {
  const when = relativeTime(generatedAt, now);
  return when === undefined
    ? l10n.t({
        message: '{0} — this line changed since the report: Re-run after the next deploy to confirm',
        args: [message],
        comment: ["{0} a published report's finding on a line of the source file edited since"],
      })
    : l10n.t({
        message: '{0} — published {1}; this line changed since: Re-run after the next deploy to confirm',
        args: [message, when],
        comment: ['{0} a published report\'s finding on a line of the source file edited since, {1} a relative time such as "3 days ago"'],
      });
}
