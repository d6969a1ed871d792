// The one rule for report ids, used by the JSON import, the router and creation: a positive safe
// integer (1 … Number.MAX_SAFE_INTEGER), so every id a list shows can be read, updated and deleted.

export const MAX_REPORT_ID = Number.MAX_SAFE_INTEGER;

export function isReportId(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 1;
}

/** The id in a path segment: canonical decimal digits only (no sign, no leading zero, no exponent). */
export function parseReportId(raw: string): number | undefined {
  if (!/^[1-9][0-9]{0,15}$/.test(raw)) return undefined;
  const id = Number(raw);
  return isReportId(id) ? id : undefined;
}

/** Creation would need an id past MAX_REPORT_ID. */
export class NoMoreIdsError extends Error {
  constructor() {
    super(`no more report ids: the highest, ${MAX_REPORT_ID}, has been given`);
    this.name = 'NoMoreIdsError';
  }
}
