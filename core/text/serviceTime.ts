// The one reader of a timestamp the service sent (generated_at, created_at, a history run's time):
// the tree's tooltip, the report panel, the Outdated rule and the search for a lost create all
// read it here, so a time is a time for all of them or for none. The real service (phpRank,
// Laravel) sends "YYYY-MM-DD HH:MM:SS" or ISO 8601 ("2024-05-01T10:00:00.000000Z"); a number is
// epoch milliseconds, as the tooltip always read one. Anything else ("2024/05/01 10:00", "May 1",
// a numeric string, an impossible date such as 2024-02-30) is not a time. A value that is not a
// string or a number is never converted, so a hostile record's toString never runs.

// Date, then optionally a time (seconds and a fraction optional) and then optionally a zone.
const STAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** A timestamp the service sent, as a Date, or undefined when it is not one. */
export function parseTime(value: unknown): Date | undefined {
  if (typeof value === 'number') return valid(new Date(value));
  if (typeof value !== 'string') return undefined;
  const match = STAMP.exec(value.trim());
  if (!match) return undefined;
  const [, year, month, day, hours, minutes, seconds = '0', fraction = '', zone] = match;
  const parts = [Number(year), Number(month) - 1, Number(day), Number(hours ?? 0), Number(minutes ?? 0), Number(seconds)];
  const ms = Number(fraction.padEnd(3, '0').slice(0, 3));
  // Built in UTC first: a part out of range (month 13, 30 February, 24:00) would roll over.
  const utc = new Date(0);
  utc.setUTCFullYear(parts[0], parts[1], parts[2]);
  utc.setUTCHours(parts[3], parts[4], parts[5], ms);
  const read = [utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate(), utc.getUTCHours(), utc.getUTCMinutes(), utc.getUTCSeconds()];
  if (read.some((part, i) => part !== parts[i])) return undefined;
  // A date alone is midnight UTC and a time without a zone is local time, as Date has always read them.
  if (hours === undefined || /^z$/i.test(zone ?? '')) return utc;
  if (zone === undefined) return local(utc);
  const offset = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (!offset || Number(offset[2]) > 23 || Number(offset[3]) > 59) return undefined;
  const sign = offset[1] === '-' ? -1 : 1;
  return valid(new Date(utc.getTime() - sign * (Number(offset[2]) * 60 + Number(offset[3])) * 60_000));
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
