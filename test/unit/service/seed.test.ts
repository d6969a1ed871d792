import { strict as assert } from 'node:assert';
import { ratingFor } from '../../../service/analyze';
import { SEED_HOSTS, seedReports } from '../../../service/seed';
import type { Checks } from '../../../service/types';
import { DEMO_PASSWORD, type RunningService } from '../../../service/server';
import { call, start } from './helpers';

describe('service/seed', () => {
  it('is deterministic, spread over the three results, hosts and privacy values', () => {
    const now = Date.parse('2025-06-01T12:00:00Z');
    const a = seedReports(60, now);
    assert.deepEqual(seedReports(60, now), a);
    assert.deepEqual(
      a.map((r) => r.id),
      Array.from({ length: 60 }, (_, i) => i + 1),
    );
    for (const result of ['good', 'decent', 'bad']) assert.equal(a.filter((r) => r.result === result).length, 20, result);
    for (const host of SEED_HOSTS) {
      assert.ok(
        a.some((r) => r.project === host),
        host,
      );
    }
    for (const privacy of [0, 1, 2]) {
      assert.ok(
        a.some((r) => r.privacy === privacy),
        String(privacy),
      );
    }
    assert.equal(new Set(a.map((r) => r.url)).size, 60);
  });

  it('checks agree with score and result; dates lie in the past days', () => {
    const now = Date.now();
    for (const r of seedReports(90, now)) {
      assert.equal(r.result, ratingFor(r.score), `report ${r.id}`);
      assert.equal(r.project, new URL(r.url).host);
      const checks = r.results as Checks;
      assert.ok(Object.keys(checks).length > 20);
      assert.equal(checks.https_encryption.passed, r.url.startsWith('https:'));
      const generated = Date.parse(r.generated_at);
      assert.ok(generated < now && generated > now - 70 * 24 * 3600_000, r.generated_at);
      assert.ok(Date.parse(r.created_at) <= generated);
    }
    const days = new Set(seedReports(30, now).map((r) => r.generated_at.slice(0, 10)));
    assert.ok(days.size > 10, 'spread over many days');
  });

  describe('through the service', () => {
    let svc: RunningService;
    before(async () => {
      svc = await start({ seed: 30 });
    });
    after(() => svc.close());

    it('serves the seed; results filter is meaningful', async () => {
      for (const result of ['good', 'decent', 'bad']) {
        const res = await call(svc, 'GET', '/api/v1/reports', { query: { result } });
        assert.equal(res.body.meta.total, 10);
      }
    });

    it('seeded password-protected reports have the demo password', async () => {
      assert.equal(typeof DEMO_PASSWORD, 'string');
      const res = await call(svc, 'GET', '/api/v1/reports', { query: { per_page: 100 } });
      const locked = res.body.data.find((r: { privacy: number }) => r.privacy === 2);
      assert.ok(locked);
      // privacy 2 without a new password is accepted because the report has one
      assert.equal((await call(svc, 'PUT', `/api/v1/reports/${locked.id}`, { form: { privacy: 2 } })).status, 200);
    });
  });
});
