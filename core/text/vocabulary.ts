// The one vocabulary of the extension: how privacy, web URLs and times read for people, with their
// icons (a rating's words are in core/checks/ratingWords.ts). The tree, tooltips, quick picks,
// notifications, panels, hovers, badges and the status bar all take their words from here. Pure,
// so it is unit-tested without VS Code.
import * as l10n from '@vscode/l10n';
import type { OversizedInfo, Report } from '../client/types';
import { displayLocale } from './locale';
import { formatDateTime, type DateTimeOptions } from './dateTime';
import { parseTime } from './serviceTime';
import { textOf } from './safeText';

// --- privacy -------------------------------------------------------------------------------

export type PrivacyName = 'public' | 'private' | 'password' | 'unknown';

export function privacyName(privacy: unknown): PrivacyName {
  // Only numbers and numeric strings: Number() of a hostile object runs its code (and may throw).
  switch (typeof privacy === 'number' || typeof privacy === 'string' ? Number(privacy) : NaN) {
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

/** "Public", "Private", "Password protected" in the display language. */
export function privacyLabel(name: PrivacyName): string {
  switch (name) {
    case 'public':
      return l10n.t({ message: 'Public', comment: ['Privacy of a report: anyone with the link can view it'] });
    case 'private':
      return l10n.t({ message: 'Private', comment: ['Privacy of a report: only its owner can view it'] });
    case 'password':
      return l10n.t({ message: 'Password protected', comment: ['Privacy of a report'] });
    default:
      return l10n.t('Unknown privacy');
  }
}

/** Codicon ids for each privacy. */
export const PRIVACY_ICONS: Record<PrivacyName, string> = { public: 'globe', private: 'lock', password: 'key', unknown: 'question' };

/** One sentence on what a privacy means, for pickers. */
export function privacyDescription(name: PrivacyName): string {
  switch (name) {
    case 'public':
      return l10n.t('Anyone with the link can view the report.');
    case 'private':
      return l10n.t('Only you can view the report.');
    case 'password':
      return l10n.t('Viewers need a password you choose.');
    default:
      return l10n.t('The service reported a privacy setting this extension does not know.');
  }
}

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
  return typeof report.url === 'string' && report.url ? report.url : l10n.t('Report {0}', textOf(report.id));
}

// --- time ----------------------------------------------------------------------------------

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
  const format = relativeFormat(displayLocale());
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return l10n.t('just now');
}

/** One formatter per locale: making one costs more than formatting, and every tree row asks twice. */
let relative: { locale: string; format: Intl.RelativeTimeFormat } | undefined;
function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  if (relative?.locale !== locale) relative = { locale, format: new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }) };
  return relative.format;
}

/** "May 1, 2024, 10:00 AM (3 days ago)": the time as the panel says it (formatDateTime) and how long ago, for tooltips and hovers. */
export function fullTime(value: unknown, now?: Date, opts?: DateTimeOptions): string | undefined {
  const time = parseTime(value);
  if (!time) return undefined;
  return l10n.t('{0} ({1})', formatDateTime(time, opts), relativeTime(time.toISOString(), now) ?? '');
}

// --- records too large to show -------------------------------------------------------------

/** "too large to show": a tree row's and a tooltip's note for a record kept as its facts only. */
export function tooLargeShort(): string {
  return l10n.t({ message: 'too large to show', comment: ['a report the service sent too large to read; only its main facts are kept'] });
}

/** The report panel's note: why only the main facts of a report are shown. */
export function tooLargeNote(info: OversizedInfo): string {
  const megabytes = Math.max(0.1, Math.round((info.bytes / 1024 / 1024) * 10) / 10).toLocaleString(displayLocale());
  return info.reason === 'depth'
    ? l10n.t('Too large to show: the service sent this report nested too deeply to read. Only its main facts are shown.')
    : l10n.t('Too large to show: the service sent {0} MB or more for this report. Only its main facts are shown.', megabytes);
}
