// How report fields read for people (labels, icons, context values); used by the tree and
// menus. Pure, so it is unit-tested without VS Code.
import { Report } from '../api/types';

export const RESULT_LABELS: Record<string, string> = { good: 'Good', decent: 'Decent', bad: 'Bad' };

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

export function isWebUrl(url: unknown): url is string {
  if (typeof url !== 'string') return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
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

/** "3 minutes ago", "yesterday", "in 2 days" — or undefined for a value that is not a date. */
export function relativeTime(value: unknown, now: Date = new Date()): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return undefined;
  const seconds = Math.round((time - now.getTime()) / 1000);
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

/** Spoken label for screen readers: "https://x, Good, private, generated 3 days ago". */
export function accessibleLabel(report: Report, now?: Date): string {
  const parts = [
    reportLabel(report),
    RESULT_LABELS[report.result ?? ''] ?? report.result ?? 'no result',
    PRIVACY_LABELS[privacyName(report.privacy)],
  ];
  const when = relativeTime(report.generated_at, now);
  if (when) parts.push(`generated ${when}`);
  return parts.join(', ');
}

/**
 * `text` as a CommonMark inline code span (a fence longer than any backtick run inside it): the
 * Markdown renderer shows it literally, with no markup, icons or autolinks from server data.
 */
export function codeSpan(text: string): string {
  const flat = text.replace(/[\r\n]+/g, ' ');
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') || flat === '' ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}
