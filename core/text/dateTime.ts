// The one format of an exact time, e.g. "Nov 28, 2026, 7:48 AM" (the display language's medium
// date and short time): the hover, the tree's tooltip and the report panel all say a time with it,
// so one report's time never reads two ways. Pure: no 'vscode'.
import { displayLocale } from './locale';

export interface DateTimeOptions {
  /** BCP 47 locale; defaults to VS Code's display language. */
  locale?: string;
  /** IANA time zone; defaults to the host's. */
  timeZone?: string;
}

const STYLE: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** Formats by locale and zone: making one costs far more than using it. */
const formats = new Map<string, Intl.DateTimeFormat>();
/** Formats kept at most (a window uses one or two). */
const FORMATS_KEPT = 8;

function formatFor(locale: string | undefined, timeZone: string | undefined): Intl.DateTimeFormat {
  const wanted = locale ?? displayLocale();
  const key = `${wanted}\u0000${timeZone ?? ''}`;
  const known = formats.get(key);
  if (known) return known;
  let format: Intl.DateTimeFormat | undefined;
  // An unknown locale or time zone throws RangeError: fall back to the display language and the host's zone.
  for (const o of [
    { locale: wanted, timeZone },
    { locale: displayLocale(), timeZone },
    { locale: wanted, timeZone: undefined },
    { locale: displayLocale(), timeZone: undefined },
  ]) {
    try {
      format = new Intl.DateTimeFormat(o.locale, { ...STYLE, timeZone: o.timeZone });
      break;
    } catch {
      // try the next combination
    }
  }
  format ??= new Intl.DateTimeFormat(undefined, STYLE);
  if (formats.size >= FORMATS_KEPT) formats.clear();
  formats.set(key, format);
  return format;
}

/** "Nov 28, 2026, 7:48 AM": a time as every surface shows it. */
export function formatDateTime(date: Date, opts: DateTimeOptions = {}): string {
  return formatFor(opts.locale, opts.timeZone).format(date);
}
