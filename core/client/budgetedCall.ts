// Transitional (see requestBudget.ts): the call is made once; the client's queue paces it and
// waits out a 429 itself. Delete with requestBudget.ts.
import type { Priority, RequestBudget } from './requestBudget';

export function budgetedCall<T>(
  _budget: RequestBudget,
  _priority: Priority,
  _signal: AbortSignal | undefined,
  call: () => Promise<T>,
): Promise<T> {
  return call();
}
