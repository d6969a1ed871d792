// Fault injection and request recording, for the reliability tests.
import type { IncomingMessage } from 'node:http';
import { headerRecord, type ParsedTarget } from './http';
import type { Fault, RecordedRequest } from './types';

interface ActiveFault {
  id: number;
  fault: Fault;
  /** remaining uses; Infinity = until cleared */
  remaining: number;
}

export class FaultSet {
  private faults: ActiveFault[] = [];
  private nextId = 1;

  add(fault: Fault): number {
    const times = fault.times ?? 1;
    const id = this.nextId++;
    this.faults.push({ id, fault: { ...fault }, remaining: times > 0 ? Math.floor(times) : Infinity });
    return id;
  }

  clear(): void {
    this.faults = [];
  }

  list(): Array<Fault & { id: number; remaining: number | null }> {
    return this.faults.map((f) => ({ ...f.fault, id: f.id, remaining: Number.isFinite(f.remaining) ? f.remaining : null }));
  }

  /** The first matching fault, in insertion order; its use is counted (and it is removed when used up). */
  take(method: string, path: string): Fault | undefined {
    const index = this.faults.findIndex(
      ({ fault }) =>
        (fault.method === undefined || fault.method.toUpperCase() === method.toUpperCase()) &&
        (fault.path === undefined || path.startsWith(fault.path)),
    );
    if (index < 0) return undefined;
    const active = this.faults[index];
    active.remaining -= 1;
    if (active.remaining <= 0) this.faults.splice(index, 1);
    return active.fault;
  }
}

/** Checks a fault sent to the control endpoint; returns a list of problems (empty = fine). */
export function faultProblems(value: unknown): string[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return ['The fault must be a JSON object.'];
  const f = value as Record<string, unknown>;
  const problems: string[] = [];
  const check = (key: string, ok: (v: unknown) => boolean, what: string): void => {
    if (f[key] !== undefined && !ok(f[key])) problems.push(`${key} must be ${what}.`);
  };
  const isString = (v: unknown): boolean => typeof v === 'string';
  const isNumber = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);
  check('method', isString, 'a string');
  check('path', isString, 'a string');
  check('times', isNumber, 'a number');
  check('delayMs', (v) => isNumber(v) && (v as number) >= 0, 'a number >= 0');
  check('status', (v) => Number.isInteger(v) && (v as number) >= 100 && (v as number) <= 599, 'an HTTP status (100-599)');
  check('headers', (v) => !!v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every(isString), 'an object of strings');
  check('body', (v) => v === null || typeof v === 'string' || typeof v === 'object', 'a string, an object or null');
  check('contentType', isString, 'a string');
  check('drop', (v) => typeof v === 'boolean', 'a boolean');
  check(
    'oversizeBytes',
    (v) => isNumber(v) && (v as number) >= 0 && (v as number) <= 512 * 1024 * 1024,
    'a number of bytes (at most 512 MiB)',
  );
  return problems;
}

export const REQUEST_LOG_SIZE = 500;
export const RECORDED_BODY_BYTES = 4096;

/**
 * The requests the service received, for tests: a ring of the last 500, bodies cut at 4 KiB. The
 * server records only when started for tests, and only after the key check: a request without the
 * key is kept without its body, so a flood of them costs a bounded few KB each.
 */
export class RequestLog {
  private entries: RecordedRequest[] = [];

  constructor(private readonly size = REQUEST_LOG_SIZE) {}

  /** Records a request whose key was checked: without the key, its body is not kept. */
  record(req: IncomingMessage, method: string, target: ParsedTarget, body: string, authenticated: boolean): void {
    const headers = headerRecord(req);
    const { path, query, rawQuery } = target;
    this.add({ method, path, query, rawQuery, headers, body: authenticated ? body : '', authenticated, at: new Date().toISOString() });
  }

  add(entry: RecordedRequest): void {
    const bytes = Buffer.byteLength(entry.body, 'utf8');
    const cut = bytes > RECORDED_BODY_BYTES;
    const body = cut ? Buffer.from(entry.body, 'utf8').subarray(0, RECORDED_BODY_BYTES).toString('utf8') : entry.body;
    this.entries.push(cut ? { ...entry, body, bodyTruncated: true } : entry);
    if (this.entries.length > this.size) this.entries.splice(0, this.entries.length - this.size);
  }

  all(): RecordedRequest[] {
    return this.entries.map((e) => ({ ...e, query: { ...e.query }, headers: { ...e.headers } }));
  }

  clear(): void {
    this.entries = [];
  }
}
