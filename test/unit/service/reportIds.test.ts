// One id rule everywhere: a report id is a positive safe integer (1 … Number.MAX_SAFE_INTEGER).
// The JSON import accepts exactly those, and the router reads, updates and deletes exactly those.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { Store, StoreLoadError } from '../../../service/store';
import { seedReports } from '../../../service/seed';
import type { RunningService } from '../../../service/server';
import { call, start, tempDir } from './helpers';

describe('service: report ids (one rule for import, router and creation)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(() => fsp.rm(dir, { recursive: true, force: true }));

  async function importing(ids: number[]): Promise<string> {
    const file = path.join(dir, 'reports.json');
    const [template] = seedReports(1);
    const reports = ids.map((id, i) => ({ ...template, id, url: `https://ids.example/${i}` }));
    // JSON.stringify writes 2**53 exactly as 9007199254740992
    await fsp.writeFile(file, JSON.stringify({ version: 1, nextId: 1, reports }));
    return file;
  }

  it('ids 10^15 and MAX_SAFE_INTEGER from an import can be read, updated and deleted', async () => {
    const big = [10 ** 15, Number.MAX_SAFE_INTEGER];
    const svc: RunningService = await start({ dataFile: await importing([1, ...big]) });
    try {
      const listed = await call(svc, 'GET', '/api/v1/reports', { query: { sort: 'asc' } });
      assert.deepEqual(
        listed.body.data.map((r: { id: number }) => r.id),
        [1, ...big],
      );
      for (const id of big) {
        const got = await call(svc, 'GET', `/api/v1/reports/${id}`);
        assert.equal(got.status, 200, `GET ${id}: ${got.text}`);
        assert.equal(got.body.data.id, id);
        const put = await call(svc, 'PUT', `/api/v1/reports/${id}`, { form: { privacy: 1 } });
        assert.equal(put.status, 200, `PUT ${id}: ${put.text}`);
        assert.equal(put.body.data.privacy, 1);
        assert.equal((await call(svc, 'DELETE', `/api/v1/reports/${id}`)).status, 204, `DELETE ${id}`);
        assert.equal((await call(svc, 'GET', `/api/v1/reports/${id}`)).status, 404);
      }
    } finally {
      await svc.close();
    }
  });

  it('the router refuses what is not an id: 0, 2^53, a leading zero, 17 digits', async () => {
    const svc = await start({ seed: 3 });
    try {
      for (const raw of ['0', '9007199254740992', '01', '12345678901234567', '1e3', '+1']) {
        assert.equal((await call(svc, 'GET', `/api/v1/reports/${raw}`)).status, 404, raw);
        assert.equal((await call(svc, 'DELETE', `/api/v1/reports/${raw}`)).status, 404, raw);
      }
      assert.equal((await call(svc, 'GET', '/api/v1/reports/3')).status, 200);
    } finally {
      await svc.close();
    }
  });

  it('2^53 is refused at import with a StoreLoadError naming the record', async () => {
    const file = await importing([1, 2 ** 53]);
    await assert.rejects(
      Store.open(file),
      (e: unknown) =>
        e instanceof StoreLoadError && /report 2 of 2 \(id 9007199254740992\): id must be a positive safe integer/.test(e.message),
    );
  });

  it('creation never gives an id past MAX_SAFE_INTEGER: the create is refused, nothing stored', async () => {
    const store = await Store.open(await importing([Number.MAX_SAFE_INTEGER]));
    try {
      const [template] = seedReports(1);
      const { id: _unused, ...data } = template;
      void _unused;
      await assert.rejects(store.create(data), /no more report ids/);
      assert.equal(store.size, 1);
    } finally {
      store.close();
    }
  });
});
