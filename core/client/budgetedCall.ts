// One API call inside the request budget: wait for a slot, send, and on a 429 pause the whole
// budget for the service's Retry-After and try again (a 429 means the request was not processed,
// so repeating it is safe even for a create).
import { ApiError } from './errors';
import { Priority, RequestBudget } from './requestBudget';

/** How often one call goes back to the queue after 429s before the error is given to the caller. */
const MAX_RATE_LIMITED = 5;
const DEFAULT_RETRY_AFTER_MS = 30_000;

export async function budgetedCall<T>(
  budget: RequestBudget,
  priority: Priority,
  signal: AbortSignal | undefined,
  call: () => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    await budget.acquire(priority, signal);
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof ApiError) || error.kind !== 'rate-limited' || attempt >= MAX_RATE_LIMITED) throw error;
      budget.pause(error.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS);
    }
  }
}
