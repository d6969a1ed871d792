// The Markdown of a report's tooltip in the tree, as a pure function so it is unit-tested. Every
// server value is an inline code span (`codeSpan`; brackets stay, harmless there): not markup,
// not turned into a link by the renderer's autolinking, hidden characters made visible. Bounded:
// each value is cut, so the tooltip stays within TOOLTIP_MAX_CHARS whatever the record holds; its
// fields are read without running the record's code.
import * as l10n from '@vscode/l10n';
import { oversizedOf, Report } from '../client/types';
import { codeSpan } from '../text/markdownText';
import { ratingOf, roundedScore } from '../checks/rating';
import { ownFields, shortText } from '../text/safeText';
import { revealInvisible } from '../text/invisibleText';
import { fullTime, privacyLabel, privacyName, reportLabel, tooLargeShort } from '../text/vocabulary';
import { ratingLabel } from '../checks/ratingWords';

/** Characters of the report's URL (its heading) and of any other value shown. */
export const TOOLTIP_LABEL_CHARS = 500;
export const TOOLTIP_VALUE_CHARS = 200;
/**
 * The tooltip is never longer than this: the heading and eight rows of capped values and words,
 * each value in a code span whose fences may be as long as the value (a run of backticks).
 */
export const TOOLTIP_MAX_CHARS = 3 * (TOOLTIP_LABEL_CHARS + 3) + 8 * (3 * (TOOLTIP_VALUE_CHARS + 3) + 100);

/** The value's text, hidden characters made visible (they grow to a marker), cut to `max`. */
function shown(value: unknown, max: number): string {
  return shortText(revealInvisible(shortText(value, max)), max);
}

/** `trend`: the score against the run before (changeWords.ts trendSince), when the history has one. */
export function reportTooltipMarkdown(found: Report, now?: Date, trend?: string): string {
  const report = ownFields(found, ['id', 'url', 'result', 'score', 'privacy', 'project', 'generated_at']);
  const rating = ratingOf(report);
  const rows: [string, unknown][] = [
    [l10n.t('Result'), ratingLabel(rating.band)],
    [l10n.t('Score'), rating.score === undefined ? undefined : roundedScore(rating.score)],
    [l10n.t({ message: 'Trend', comment: ['the label of a score against the run before, in a tooltip'] }), trend],
    [l10n.t('Privacy'), privacyLabel(privacyName(report.privacy))],
    [l10n.t('Project'), report.project],
    [
      l10n.t({ message: 'Generated', comment: ['the label of a field of a report: when its analysis was made'] }),
      fullTime(report.generated_at, now),
    ],
    [l10n.t({ message: 'Id', comment: ['the label of the id of a report, in its tooltip'] }), report.id],
  ];
  // The flag is a symbol the client sets, never a field the service sends.
  if (oversizedOf(found)) rows.push([l10n.t('Note'), tooLargeShort()]);
  let markdown = `${codeSpan(shown(reportLabel(report as Report), TOOLTIP_LABEL_CHARS))}\n\n`;
  for (const [name, value] of rows) {
    const text = shown(value, TOOLTIP_VALUE_CHARS);
    if (text === '') continue;
    markdown += `${name}: ${codeSpan(text)}  \n`;
  }
  return markdown;
}
