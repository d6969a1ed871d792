// Transitional: the client's request queue (requestQueue.ts) is the one pacer, and the one place
// a 429 is waited out; a budget no longer paces or holds anything. This stays only while
// urlLookup.ts and hostSearch.ts still take a `budget` (their owner removes it); then delete it.
export type { Priority } from './rateGate';

export class RequestBudget {
  constructor(_options?: unknown) {}

  dispose(): void {}
}
