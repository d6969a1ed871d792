// How a rating reads for people: the band's word, its icon and colour, "Decent (74)", counts of
// reports per band, and a report's spoken label. Beside the rating (rating.ts) so core/text, the
// words every folder uses, imports no rating.
import * as l10n from '@vscode/l10n';
import type { Report } from '../client/types';
import { Band, Rating, RatingBand, ratingOf, roundedScore } from './rating';
import { privacyLabel, privacyName, relativeTime, reportLabel } from '../text/vocabulary';

/** "Good", "Decent", "Bad", "No rating" in the display language (a function: see docs/LOCALISATION.md). */
export function ratingLabel(band: RatingBand): string {
  switch (band) {
    case 'good':
      return l10n.t({ message: 'Good', comment: ['A rating of a web page: the best of good, decent and bad'] });
    case 'decent':
      return l10n.t({ message: 'Decent', comment: ['A rating of a web page: between good and bad'] });
    case 'bad':
      return l10n.t({ message: 'Bad', comment: ['A rating of a web page: the worst of good, decent and bad'] });
    default:
      return l10n.t('No rating');
  }
}

/** Codicon id and theme colour id of each band (tree groups, badges, status bar). */
export const RATING_ICONS: Record<RatingBand, { icon: string; color: string }> = {
  good: { icon: 'pass', color: 'testing.iconPassed' },
  decent: { icon: 'warning', color: 'list.warningForeground' },
  bad: { icon: 'error', color: 'testing.iconFailed' },
  unknown: { icon: 'circle-outline', color: 'disabledForeground' },
};

/** "Good (74)", "Bad", "No rating": the band with the score rounded for people. */
export function describeRating(rating: Rating): string {
  const label = ratingLabel(rating.band);
  return rating.score === undefined ? label : `${label} (${roundedScore(rating.score)})`;
}

/** The rating of a report, described: "Decent (74)". */
export function ratingText(report: Report): string {
  return describeRating(ratingOf(report));
}

/** "3 good reports", "1 bad report": whole phrases per band and plural form, since word order and endings differ by language. */
export function countOf(count: number, band: Band): string {
  const one = count === 1;
  switch (band) {
    case 'good':
      return one ? l10n.t('1 good report') : l10n.t('{0} good reports', count);
    case 'decent':
      return one ? l10n.t('1 decent report') : l10n.t('{0} decent reports', count);
    default:
      return one ? l10n.t('1 bad report') : l10n.t('{0} bad reports', count);
  }
}

/** Spoken label for screen readers: "https://x, Good (74), private, generated 3 days ago". */
export function accessibleLabel(report: Report, now?: Date): string {
  const parts = [reportLabel(report), ratingText(report), privacyLabel(privacyName(report.privacy))];
  const when = relativeTime(report.generated_at, now);
  if (when) parts.push(l10n.t({ message: 'generated {0}', args: [when], comment: ['{0} is a relative time such as "3 days ago"'] }));
  return parts.join(', ');
}
