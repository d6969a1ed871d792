// The service's side of the proof that there is one analyser (oneAnalyser.test.ts, and the command
// line's test/unit/cli/checkLocalPreview.test.ts): a page's checks as the local service reports
// them, and the score over some of them by the points rule written out again here.
import { strict as assert } from 'node:assert';
import type { RunningService } from '../../../service/server';
import type { Checks } from '../../../service/types';
import { call } from '../service/helpers';

const POINTS = { high: 10, medium: 5, low: 0 } as const;

/** The score over `keys`, from the service's answer, by the points rule written out again here. */
export function scoreOver(results: Checks, keys: string[]): number {
  let total = 0;
  let points = 0;
  for (const key of keys) {
    total += POINTS[results[key].importance];
    if (results[key].passed) points += POINTS[results[key].importance];
  }
  return total > 0 ? (points / total) * 100 : 0;
}

export async function serviceResults(svc: RunningService, url: string): Promise<Checks> {
  const res = await call(svc, 'POST', '/api/v1/reports', { form: { url } });
  assert.equal(res.status, 201, res.text);
  await call(svc, 'DELETE', `/api/v1/reports/${res.body.data.id}`);
  return res.body.data.results as Checks;
}
