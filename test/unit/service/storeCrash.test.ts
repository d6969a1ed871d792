// kill -9 of the service during a burst of creates or deletes: every create that was acknowledged
// is there after a restart, and every acknowledged delete stays done. The service runs as a real
// child process (out/service/cli.js) on a data file.
import { strict as assert } from 'node:assert';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { call, startFixtures, tempDir, type FixtureServer } from './helpers';

const CLI = path.join(__dirname, '..', '..', '..', 'service', 'cli.js');
const KEY = 'crash-test-key-0123456789';

interface Child {
  process: ChildProcessWithoutNullStreams;
  url: string;
  exited: Promise<NodeJS.Signals | number | null>;
}

async function startChild(dataFile: string, extraArgs: string[] = []): Promise<Child> {
  const child = spawn(process.execPath, [CLI, '--data', dataFile, '--key', KEY, '--port', '0', ...extraArgs], {
    env: { ...process.env, WEBREPORTS_API_KEY: '' },
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      stdout += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (m) resolve(m[1]);
    });
    child.on('exit', () => reject(new Error(`the service exited early: ${stderr}`)));
  });
  return { process: child, url, exited };
}

const BURST = 200;
const KILL_AFTER = 60;

/**
 * 16 clients send the burst's requests (`send(n)` for n = 0..BURST-1; it resolves true when the
 * service acknowledged it) until SIGKILL, sent once KILL_AFTER were acknowledged. Returns the
 * acknowledged n.
 */
async function burstUntilKilled(child: Child, send: (n: number) => Promise<boolean>): Promise<Set<number>> {
  const acknowledged = new Set<number>();
  let killed = false;
  let next = 0;
  const client = async (): Promise<void> => {
    while (next < BURST && !killed) {
      const n = next++;
      try {
        if (await send(n)) acknowledged.add(n);
      } catch {
        // the connection died with the process: not acknowledged
      }
      if (acknowledged.size >= KILL_AFTER && !killed) {
        killed = true;
        child.process.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, client));
  assert.equal(await child.exited, 'SIGKILL');
  assert.ok(acknowledged.size >= KILL_AFTER, `${acknowledged.size} acknowledged`);
  assert.ok(next < BURST, 'killed during the burst, not after it');
  return acknowledged;
}

describe('service/store: crash safety (kill -9 during a burst of creates or deletes)', function () {
  this.timeout(60_000);
  let fx: FixtureServer;
  let dir: string;
  before(async () => {
    fx = await startFixtures();
    dir = await tempDir();
  });
  after(async () => {
    await fx.close();
    await fsp.rm(dir, { recursive: true, force: true });
  });

  it('every acknowledged create of a 200-create burst survives SIGKILL', async () => {
    const dataFile = path.join(dir, 'reports.json');
    const first = await startChild(dataFile);
    const acknowledged = new Map<number, string>();
    await burstUntilKilled(first, async (n) => {
      const url = `${fx.url}/good?burst=${n}`;
      const res = await call(first.url, 'POST', '/api/v1/reports', { key: KEY, form: { url } });
      if (res.status === 201) acknowledged.set(res.body.data.id, url);
      return res.status === 201;
    });

    const second = await startChild(dataFile);
    try {
      for (const [id, url] of acknowledged) {
        const got = await call(second.url, 'GET', `/api/v1/reports/${id}`, { key: KEY });
        assert.equal(got.status, 200, `acknowledged report ${id} is there`);
        assert.equal(got.body.data.url, url);
      }
      const listed = await call(second.url, 'GET', '/api/v1/reports', { key: KEY, query: { per_page: 100 } });
      const total = listed.body.meta.total as number;
      assert.ok(total >= acknowledged.size && total <= BURST, `total ${total}`);
      // the counters kept by triggers agree with the rows after recovery
      let banded = 0;
      for (const result of ['good', 'decent', 'bad']) {
        banded += (await call(second.url, 'GET', '/api/v1/reports', { key: KEY, query: { result } })).body.meta.total;
      }
      assert.equal(banded, total);
      // and the service goes on: a new create gets a new id
      const created = await call(second.url, 'POST', '/api/v1/reports', { key: KEY, form: { url: `${fx.url}/good?after` } });
      assert.equal(created.status, 201);
      assert.ok(!acknowledged.has(created.body.data.id));
    } finally {
      second.process.kill('SIGTERM');
      await second.exited;
    }
  });

  it('every acknowledged delete of a 200-delete burst stays done after SIGKILL', async () => {
    const dataFile = path.join(dir, 'deletes.db');
    const first = await startChild(dataFile, ['--seed', String(BURST)]);
    const deleted = await burstUntilKilled(first, async (n) => {
      const res = await call(first.url, 'DELETE', `/api/v1/reports/${n + 1}`, { key: KEY });
      return res.status >= 200 && res.status < 300;
    });

    const second = await startChild(dataFile); // no seed: the data is not empty
    try {
      for (let n = 0; n < BURST; n++) {
        const got = await call(second.url, 'GET', `/api/v1/reports/${n + 1}`, { key: KEY });
        if (deleted.has(n)) assert.equal(got.status, 404, `acknowledged delete of report ${n + 1} stays done`);
        else assert.ok(got.status === 200 || got.status === 404, `report ${n + 1}: ${got.status}`);
      }
      const listed = await call(second.url, 'GET', '/api/v1/reports', { key: KEY, query: { per_page: 100 } });
      const total = listed.body.meta.total as number;
      assert.ok(total <= BURST - deleted.size, `total ${total} after ${deleted.size} acknowledged deletes`);
      let banded = 0;
      for (const result of ['good', 'decent', 'bad']) {
        banded += (await call(second.url, 'GET', '/api/v1/reports', { key: KEY, query: { result } })).body.meta.total;
      }
      assert.equal(banded, total, 'the counters kept by triggers agree with the rows after recovery');
    } finally {
      second.process.kill('SIGTERM');
      await second.exited;
    }
  });
});
