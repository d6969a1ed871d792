// Regression tests (docs/RELIABILITY.md row 14): the analysis fetched the service's own address (it
// analysed its own /__control/faults). Refused now at every hop: the URL before each fetch, and
// each connected socket (a name that resolves to the service).
import { strict as assert } from 'node:assert';
import { Agent } from 'undici';
import { AnalysisError, analyzeUrl } from '../../../service/analyze';
import { guardedConnector, notOwnAddress } from '../../../service/ownAddress';
import type { RunningService } from '../../../service/server';
import { call, start, startFixtures, type FixtureServer } from './helpers';

const SELF = /points at the report service itself/;

describe('service analysis never fetches the service itself', () => {
  let fx: FixtureServer;
  let svc: RunningService;
  before(async () => {
    fx = await startFixtures();
    svc = await start({ shape: 'real', control: true });
  });
  after(async () => {
    await svc.close();
    await fx.close();
  });
  beforeEach(() => svc.clearRequests());

  const create = (url: string) => call(svc, 'POST', '/api/v1/reports', { form: { url } });
  const reachedItself = () => svc.requests().filter((r) => r.method === 'GET');

  it('hostile: create a report of its own /__control/faults → 422, nothing fetched', async () => {
    for (const url of [
      `${svc.url}/__control/faults`,
      `http://localhost:${svc.port}/api/v1/account`,
      `http://[::ffff:127.0.0.1]:${svc.port}/`,
    ]) {
      const res = await create(url);
      assert.equal(res.status, 422, url);
      assert.match(res.body.message.url[0], SELF, url);
    }
    assert.deepEqual(reachedItself(), []);
  });

  it('hostile: a page that redirects to the service → 422 at that hop, nothing fetched', async () => {
    const res = await create(`${fx.url}/redirect-to?to=${encodeURIComponent(`${svc.url}/__control/requests`)}`);
    assert.equal(res.status, 422);
    assert.match(res.body.message.url[0], SELF);
    assert.deepEqual(reachedItself(), []);
  });

  it('a name that only resolves to the service is refused by the socket check', async () => {
    // The stand-in: a resolver that maps a made-up name to 127.0.0.1 (no DNS query leaves the
    // machine); the URL check cannot know, the connector sees the socket and refuses before sending.
    const own = { host: '127.0.0.1', port: () => svc.port };
    const dispatcher = new Agent({
      connect: (opts, cb) =>
        guardedConnector(2000, notOwnAddress(own))({ ...opts, hostname: opts.hostname === 'self.test' ? '127.0.0.1' : opts.hostname }, cb),
    });
    try {
      await assert.rejects(analyzeUrl(`http://self.test:${svc.port}/__control/faults`, { dispatcher, own }), (e: AnalysisError) =>
        SELF.test(e.reason),
      );
      assert.deepEqual(reachedItself(), []);
      const fine = await analyzeUrl(`${fx.url}/good`, { dispatcher, own });
      assert.equal(fine.result, 'good', 'other loopback ports are analysed as before');
    } finally {
      await dispatcher.close();
    }
  });

  it('hostile: a non-http(s) target is refused before any fetch, also as the first URL', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://127.0.0.1/', 'data:text/html,hi']) {
      await assert.rejects(analyzeUrl(url), (e: unknown) => e instanceof AnalysisError && /unsupported URL scheme/.test(e.reason), url);
    }
    await assert.rejects(analyzeUrl(`${fx.url}/to-ftp`), (e: AnalysisError) => /unsupported URL scheme/.test(e.reason));
  });
});
