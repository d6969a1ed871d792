// The client through a real HTTP proxy (a small CONNECT proxy on loopback): the proxy from the
// settings is used for a non-loopback host name, and the request arrives at the service intact.
// The proxy tunnels every CONNECT to the local service, so nothing leaves the machine; a proxy that
// refuses the tunnel is named as the reason.
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { ReportsClient } from '../../../core/client/client';
import type { ApiError } from '../../../core/client/errors';
import { RunningService } from '../../../service/server';
import { startConnectProxy, type ConnectProxy } from './connectProxy';
import { startTestService } from './harness';

const KEY = 'proxy-test-key-9d1e';

describe('api client through a proxy', () => {
  let service: RunningService;
  let proxy: ConnectProxy;
  let proxyUrl: string;
  let connects: string[];

  before(async () => {
    service = await startTestService({ apiKey: KEY, seed: 3, shape: 'plain' }, ['reports.example.test', 'reports.localhost']);
    proxy = await startConnectProxy(() => service.port);
    proxyUrl = proxy.url;
    connects = proxy.tunnels;
  });
  after(async () => {
    await proxy.close();
    await service.close();
  });

  it('sends requests for a remote service through the configured proxy', async () => {
    const client = new ReportsClient({
      baseUrl: 'http://reports.example.test',
      apiKey: () => KEY,
      proxy: { proxy: proxyUrl, env: {} },
      retry: { retries: 0 },
    });
    try {
      const page = await client.listReports({ perPage: 10 });
      assert.equal(page.total, 3);
      assert.deepEqual(connects, ['reports.example.test:80']);
      const [req] = service.requests();
      assert.equal(req.headers.host, 'reports.example.test');
      assert.equal(req.headers.authorization, `Bearer ${KEY}`);
    } finally {
      await client.dispose();
    }
  });

  it("opens its tunnel in a process where undici's entry point was never loaded, as in the bundles", async () => {
    // This process has loaded undici's entry (the service uses it), which gives every dispatcher
    // the `connect` the proxy's tunnel needs; the extension's and the command line's bundles never
    // load it (core/client/undici.ts). So the client runs in a Node of its own here.
    connects.length = 0;
    const clientModule = path.resolve(__dirname, '..', '..', '..', 'core', 'client', 'client.js');
    const script = `
      const { ReportsClient } = require(${JSON.stringify(clientModule)});
      const client = new ReportsClient({ baseUrl: 'http://reports.example.test', apiKey: () => ${JSON.stringify(KEY)},
        proxy: { proxy: ${JSON.stringify(proxyUrl)}, env: {} }, retry: { retries: 0 } });
      client.listReports({ perPage: 10 })
        .then((page) => console.log(JSON.stringify({ total: page.total,
          entryLoaded: Object.keys(require.cache).some((f) => /undici[\\\\/]index\\.js$/.test(f)) })))
        .catch((error) => { console.error(error.message); process.exitCode = 3; })
        .finally(() => client.dispose());`;
    const out = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ['-e', script], { env: { PATH: process.env.PATH } }, (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
      ),
    );
    assert.deepEqual(JSON.parse(out), { total: 3, entryLoaded: false });
    assert.deepEqual(connects, ['reports.example.test:80']);
  });

  // NO_PROXY is covered by the pure tests of chooseProxy: a bypassed name would need a real DNS
  // lookup here, and these tests stay on loopback.
  it('takes HTTP_PROXY from the environment', async () => {
    connects.length = 0;
    const viaEnv = new ReportsClient({
      baseUrl: 'http://reports.example.test',
      apiKey: () => KEY,
      proxy: { env: { HTTP_PROXY: proxyUrl } },
      retry: { retries: 0 },
    });
    try {
      await viaEnv.getAccount();
      assert.deepEqual(connects, ['reports.example.test:80']);
    } finally {
      await viaEnv.dispose();
    }
  });

  it('sends a *.localhost service through the proxy too: such names are not loopback', async () => {
    connects.length = 0;
    const client = new ReportsClient({
      baseUrl: 'http://reports.localhost',
      apiKey: () => KEY,
      proxy: { proxy: proxyUrl, env: {} },
      retry: { retries: 0 },
    });
    try {
      await client.getAccount();
      assert.deepEqual(connects, ['reports.localhost:80']);
    } finally {
      await client.dispose();
    }
  });

  it('says that the proxy refused the tunnel, and why when it asks for credentials', async () => {
    for (const [status, words] of [
      ['403 Forbidden', /the proxy refused to connect to it \(HTTP 403\)/],
      ['407 Proxy Authentication Required', /the proxy asks for credentials \(HTTP 407\)/],
    ] as const) {
      const refusing = await startConnectProxy(undefined, status);
      const client = new ReportsClient({
        baseUrl: 'https://reports.example.test',
        apiKey: () => KEY,
        proxy: { proxy: refusing.url, env: {} },
        retry: { retries: 0 },
      });
      try {
        await assert.rejects(
          client.listReports({ perPage: 10 }),
          (error: ApiError) => error.kind === 'network' && words.test(error.message) && words.test(error.reason ?? ''),
        );
        assert.deepEqual(refusing.tunnels, ['reports.example.test:443']);
      } finally {
        await client.dispose();
        await refusing.close();
      }
    }
  });

  it('says that the proxy could not be reached, and sends to no setting of the address, when nothing listens there', async () => {
    const closed = await startConnectProxy();
    await closed.close(); // its port: nothing listens there now
    const client = new ReportsClient({
      baseUrl: 'https://reports.example.test',
      apiKey: () => KEY,
      proxy: { proxy: closed.url, env: {} },
      retry: { retries: 0 },
    });
    try {
      await assert.rejects(client.listReports({ perPage: 10 }), (error: ApiError) => {
        assert.equal(error.kind, 'network');
        assert.equal(error.reason, 'the proxy could not be reached (ECONNREFUSED)');
        assert.deepEqual(error.next, { kind: 'retry' });
        return true;
      });
    } finally {
      await client.dispose();
    }
  });
});
