// Shared by the client suites: a local report service per shape, clients that log into a list,
// and an assertion that a promise fails with an ApiError of a given kind.
import { strict as assert } from 'node:assert';
import { ClientOptions, ReportsClient } from '../../../core/client/client';
import { ApiError, ApiErrorKind } from '../../../core/client/errors';
import { RunningService, ServiceOptions, startService } from '../../../service/server';

export const KEY = 'client-test-key-7f3a9c';
export const SHAPES = ['real', 'plain'] as const;
export type Shape = (typeof SHAPES)[number];

export async function rejects(promise: Promise<unknown>, kind: ApiErrorKind): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ApiError, `expected an ApiError, got ${String(error)}`);
    assert.equal(error.kind, kind, `expected ${kind}, got ${error.kind}: ${error.message}`);
    return error;
  }
  throw new assert.AssertionError({ message: `expected a ${kind} error, but the call succeeded` });
}

/**
 * The local service started for tests: its control endpoints (faults, recorded requests) on, and
 * answering `hostNames` too (for requests through a proxy).
 */
export function startTestService(options: ServiceOptions, hostNames?: string[]): Promise<RunningService> {
  return startService({ ...options, control: true, ...(hostNames ? { hostNames } : {}) });
}

export interface Harness {
  service: RunningService;
  logLines: string[];
  /** A client of the service with quick retries, logging into `logLines`. */
  client(options?: Partial<ClientOptions>): ReportsClient;
  /** Requests the clients sent (answered or not) since `logLines` had `mark` lines, from their log. */
  attempts(mark: number): number;
}

/** Starts a service of `shape` for the enclosing describe; resets it before each test. */
export function useService(shape: Shape, seed = 30): Harness {
  const clients: ReportsClient[] = [];
  const harness: Harness = {
    service: undefined as unknown as RunningService,
    logLines: [],
    client(options = {}) {
      const c = new ReportsClient({
        baseUrl: `${harness.service.url}/`,
        apiKey: () => KEY,
        retry: { baseDelayMs: 10, maxDelayMs: 50 },
        log: (level, message) => harness.logLines.push(`${level} ${message}`),
        proxy: { env: {} },
        ...options,
      });
      clients.push(c);
      return c;
    },
    attempts: (mark) => harness.logLines.slice(mark).filter((line) => line.includes(' → ')).length,
  };
  before(async () => {
    harness.service = await startTestService({ apiKey: KEY, seed, shape });
  });
  after(async () => {
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
    await harness.service.close();
  });
  beforeEach(async () => {
    await harness.service.reset();
    harness.service.clearRequests();
  });
  return harness;
}
