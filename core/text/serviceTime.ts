// The one reader of a timestamp the service sent (generated_at, created_at, a history run's time):
// the tree's tooltip, the report panel, the Outdated rule and the search for a lost create all
// read it here, so a time is a time for all of them or for none. The real service (phpRank,
// Laravel) sends "YYYY-MM-DD HH:MM:SS" or ISO 8601 ("2024-05-01T10:00:00.000000Z"); a number is
// epoch milliseconds, as the tooltip always read one. Anything else ("2024/05/01 10:00", "May 1",
// a numeric string, an impossible date such as 2024-02-30) is not a time. A value that is not a
// string or a number is never converted, so a hostile record's toString never runs.

// Date, then optionally a time (seconds and a fraction optional) and then optionally a zone (Z, or
// a sign, hours and minutes).
const STAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))?)?$/;
/** Days of each month in a common year. */
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A timestamp the service sent, as a Date, or undefined when it is not one. */
export function parseTime(value: unknown): Date | undefined {
  if (typeof value === 'number') return valid(new Date(value));
  if (typeof value !== 'string') return undefined;
  const m = STAMP.exec(value.trim());
  if (!m) return undefined;
  // Read part by part (this runs for every report of a check run: no arrays, one Date).
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  const h = m[4] === undefined ? 0 : Number(m[4]);
  const mi = m[5] === undefined ? 0 : Number(m[5]);
  const sec = m[6] === undefined ? 0 : Number(m[6]);
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  // A part out of range (month 13, 30 February, 24:00) is no time: Date would roll it over.
  if (mo < 1 || mo > 12 || d < 1 || d > (mo === 2 && leap ? 29 : DAYS[mo - 1]) || h > 23 || mi > 59 || sec > 59) return undefined;
  const ms = m[7] === undefined ? 0 : Number(m[7].padEnd(3, '0').slice(0, 3));
  const utc = new Date(Date.UTC(y, mo - 1, d, h, mi, sec, ms));
  if (y < 100) utc.setUTCFullYear(y); // Date.UTC reads 0–99 as 1900–1999
  // A date alone is midnight UTC and a time without a zone is local time, as Date has always read them.
  if (m[4] === undefined || m[8] !== undefined) return utc;
  if (m[9] === undefined) return local(utc);
  const oh = Number(m[10]);
  const om = Number(m[11]);
  if (oh > 23 || om > 59) return undefined;
  return valid(new Date(utc.getTime() - (m[9] === '-' ? -1 : 1) * (oh * 60 + om) * 60_000));
}

/** The same wall-clock time read in the host's zone. */
function local(utc: Date): Date | undefined {
  const time = new Date(2000, 0, 1);
  time.setFullYear(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate()); // the constructor reads 0–99 as 1900–1999
  time.setHours(utc.getUTCHours(), utc.getUTCMinutes(), utc.getUTCSeconds(), utc.getUTCMilliseconds());
  return valid(time);
}

function valid(time: Date): Date | undefined {
  return Number.isNaN(time.getTime()) ? undefined : time;
}
