// Asks the local report service over HTTP what the UI should show (the API with the test key).
import type { RunningService } from '../../../service/server';

export type Result = 'good' | 'decent' | 'bad';
// In the order the views show them (core/list/groups.ts RESULTS_SHOWN).
export const RESULTS: readonly Result[] = ['bad', 'decent', 'good'];

export interface ServiceReport {
  id: number | string;
  url: string;
  /** a word (the spec's plain reading) or a score in percent (the real service): read it with ratingOf */
  result: unknown;
  privacy: number;
  [key: string]: unknown;
}

async function api(service: RunningService, pathAndQuery: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${service.url}/api/v1/${pathAndQuery}`, {
    headers: { authorization: `Bearer ${service.apiKey}`, accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`service GET /api/v1/${pathAndQuery} → ${res.status} ${text.slice(0, 120)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** meta.total of each result group, as the tree's group rows should show it. */
export async function totals(service: RunningService): Promise<Record<Result, number>> {
  const out = {} as Record<Result, number>;
  for (const result of RESULTS) {
    const body = await api(service, `reports?result=${result}&per_page=10`);
    out[result] = Number((body.meta as { total?: unknown } | undefined)?.total);
  }
  return out;
}

/** Every report (the UI checks run on a small seed: one page of 100 is all of them). */
export async function allReports(service: RunningService): Promise<ServiceReport[]> {
  const body = await api(service, 'reports?per_page=100');
  return body.data as ServiceReport[];
}
