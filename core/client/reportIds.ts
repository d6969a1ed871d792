// One rule for report ids, where records are read and where ids are sent. A numeric id must be a
// safe integer from 1: a JSON number beyond Number.MAX_SAFE_INTEGER has already lost precision
// when it was parsed, so addressing it would reach another report. A string id is kept exactly
// (it is checked as a plain path segment when it is sent, validate.ts).
import { ReportId } from './types';

/** Whether `value` is a numeric id that names exactly one report. */
export function isSafeNumericId(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 1;
}

/** The id as the client keeps it, or undefined when it is no usable id. */
export function normaliseId(value: unknown): ReportId | undefined {
  if (typeof value === 'number') return isSafeNumericId(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return undefined;
}
