// An HTTP-date as RFC 9110 §5.6.7 writes it, and nothing else: IMF-fixdate
// (`Sun, 06 Nov 1994 08:49:37 GMT`) and the two obsolete forms a recipient must still read
// (RFC 850 `Sunday, 06-Nov-94 08:49:37 GMT`, asctime `Sun Nov  6 08:49:37 1994`), always GMT.
// Date.parse takes far more (`-5`, `1.5`, `1e9` are dates to it), so it is not asked.

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAY = '(?:mon|tue|wed|thu|fri|sat|sun)';
const LONG_DAY = '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)';
const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)';
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';
const IMF_FIXDATE = new RegExp(`^${DAY}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`, 'i');
const RFC_850 = new RegExp(`^${LONG_DAY}, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`, 'i');
const ASCTIME = new RegExp(`^${DAY} ${MONTH} ([ \\d]\\d) ${TIME} (\\d{4})$`, 'i');

/** Milliseconds since the epoch of an HTTP-date, or undefined when `text` is not one (or names no real time). */
export function parseHttpDate(text: string): number | undefined {
  let m = IMF_FIXDATE.exec(text);
  if (m) return utc(Number(m[3]), m[2], m[1], m[4], m[5], m[6]);
  m = RFC_850.exec(text);
  if (m) {
    // A two-digit year more than 50 years ahead is in the past century (RFC 9110 §5.6.7).
    const thisYear = new Date().getUTCFullYear();
    let year = Math.floor(thisYear / 100) * 100 + Number(m[3]);
    if (year > thisYear + 50) year -= 100;
    return utc(year, m[2], m[1], m[4], m[5], m[6]);
  }
  m = ASCTIME.exec(text);
  if (m) return utc(Number(m[6]), m[1], m[2].trim(), m[3], m[4], m[5]);
  return undefined;
}

function utc(year: number, month: string, day: string, hours: string, minutes: string, seconds: string): number | undefined {
  const monthIndex = MONTHS.indexOf(month.toLowerCase());
  const d = Number(day);
  const [h, min, s] = [Number(hours), Number(minutes), Number(seconds)];
  // 60 seconds: a leap second, read as the next second.
  if (d < 1 || h > 23 || min > 59 || s > 60) return undefined;
  const ms = Date.UTC(year, monthIndex, d, h, min, s);
  // 31 Feb and the like: Date.UTC rolls over into the next month; such a date names no real time.
  return new Date(Date.UTC(year, monthIndex, d)).getUTCDate() === d ? ms : undefined;
}
