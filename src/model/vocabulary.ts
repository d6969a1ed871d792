// The one vocabulary of the extension: how ratings, privacy, web URLs and times read for people,
// with their icons and colours. The tree, tooltips, quick picks, notifications, panels, hovers,
// badges and the status bar all take their words from here. Pure, so it is unit-tested without
// VS Code.
import { Report } from '../api/types';
import { Band, Rating, RatingBand, ratingOf, roundedScore } from './rating';

// --- ratings -------------------------------------------------------------------------------

export const RATING_LABELS: Record<RatingBand, string> = { good: 'Good', decent: 'Decent', bad: 'Bad', unknown: 'No rating' };

/** Codicon id and theme colour id of each band (tree groups, badges, status bar). */
export const RATING_ICONS: Record<RatingBand, { icon: string; color: string }> = {
  good: { icon: 'pass', color: 'testing.iconPassed' },
  decent: { icon: 'warning', color: 'list.warningForeground' },
  bad: { icon: 'error', color: 'testing.iconFailed' },
  unknown: { icon: 'circle-outline', color: 'disabledForeground' },
};

/** "Good (74)", "Bad", "No rating": the band with the score rounded for people. */
export function describeRating(rating: Rating): string {
  const label = RATING_LABELS[rating.band];
  return rating.score === undefined ? label : `${label} (${roundedScore(rating.score)})`;
}

/** The rating of a report, described: "Decent (74)". */
export function ratingText(report: Report): string {
  return describeRating(ratingOf(report));
}

/** "3 good reports", "1 bad report". */
export function countOf(count: number, band: Band): string {
  return `${count} ${RATING_LABELS[band].toLowerCase()} report${count === 1 ? '' : 's'}`;
}

// --- privacy -------------------------------------------------------------------------------

export type PrivacyName = 'public' | 'private' | 'password' | 'unknown';

export function privacyName(privacy: unknown): PrivacyName {
  switch (Number(privacy)) {
    case 0:
      return 'public';
    case 1:
      return 'private';
    case 2:
      return 'password';
    default:
      return privacy === undefined || privacy === null ? 'public' : 'unknown';
  }
}

export const PRIVACY_LABELS: Record<PrivacyName, string> = {
  public: 'Public',
  private: 'Private',
  password: 'Password protected',
  unknown: 'Unknown privacy',
};

/** Codicon ids for each privacy. */
export const PRIVACY_ICONS: Record<PrivacyName, string> = { public: 'globe', private: 'lock', password: 'key', unknown: 'question' };

export const PRIVACY_DESCRIPTIONS: Record<PrivacyName, string> = {
  public: 'Anyone with the link can view the report.',
  private: 'Only you can view the report.',
  password: 'Viewers need a password you choose.',
  unknown: 'The service reported a privacy setting this extension does not know.',
};

// --- web URLs ------------------------------------------------------------------------------

/** True for an absolute http(s) URL with a host: the only kind opened, looked up or offered. */
export function isWebUrl(url: unknown): url is string {
  if (typeof url !== 'string') return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

/** `report:<privacy>[:web]`: menus match on it to offer only what applies. */
export function contextValue(report: Report): string {
  return `report:${privacyName(report.privacy)}${isWebUrl(report.url) ? ':web' : ''}`;
}

export function reportLabel(report: Report): string {
  return typeof report.url === 'string' && report.url ? report.url : `Report ${report.id}`;
}

// --- time ----------------------------------------------------------------------------------

/** A timestamp the service sent, as a Date, or undefined when it is not one. */
export function parseTime(value: unknown): Date | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? undefined : time;
}

/** "3 minutes ago", "yesterday", "in 2 days", "just now" — or undefined for a value that is not a date. */
export function relativeTime(value: unknown, now: Date = new Date()): string | undefined {
  const time = parseTime(value);
  if (!time) return undefined;
  const seconds = Math.round((time.getTime() - now.getTime()) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 31536000],
    ['month', 2592000],
    ['week', 604800],
    ['day', 86400],
    ['hour', 3600],
    ['minute', 60],
  ];
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

/** "5/1/2024, 10:00:00 AM (3 days ago)": the full time and how long ago, for tooltips and panels. */
export function fullTime(value: unknown, now?: Date): string | undefined {
  const time = parseTime(value);
  if (!time) return undefined;
  return `${time.toLocaleString()} (${relativeTime(time.toISOString(), now)})`;
}

/** Spoken label for screen readers: "https://x, Good (74), private, generated 3 days ago". */
export function accessibleLabel(report: Report, now?: Date): string {
  const parts = [reportLabel(report), ratingText(report), PRIVACY_LABELS[privacyName(report.privacy)]];
  const when = relativeTime(report.generated_at, now);
  if (when) parts.push(`generated ${when}`);
  return parts.join(', ');
}
