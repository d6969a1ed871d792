// The command line as it ships (the bundle of scripts/packageCli.js) behind a proxy, as in a
// company network: `check` against an https service named reports.example.test, with HTTPS_PROXY
// set. Everything is on loopback: a CONNECT proxy tunnels to a TLS front (a certificate for that
// name, made for this test and trusted through NODE_EXTRA_CA_CERTS), which hands the plain
// requests to the local service. The name is never resolved. The bundle leaves undici's entry
// point out, which once left every tunnel without its `connect`: only the shipped code shows that.
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as tls from 'node:tls';
import { startService, type RunningService } from '../../../service/server';
import { writeDataFile } from '../actions/reportRecords';
import { startConnectProxy, type ConnectProxy } from '../api/connectProxy';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
/** A self-signed certificate (and its key) for reports.example.test, made for this test only. */
const TLS_DIR = path.join(ROOT, 'test', 'unit', 'cli', 'tls');
const KEY = 'bundle-proxy-key-0000';
const NAME = 'reports.example.test';

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));
}

describe('cli: the bundle behind a proxy, against an https service', function () {
  this.timeout(120_000);
  let dir: string;
  let cli: string;
  let service: RunningService;
  let front: tls.Server;
  let proxy: ConnectProxy;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webreports-bundle-proxy-'));
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain Node script of the repo
    const { bundleCli } = require(path.join(ROOT, 'scripts', 'packageCli.js')) as { bundleCli(dir: string): Promise<string> };
    cli = await bundleCli(path.join(dir, 'dist'));
    service = await startService({
      apiKey: KEY,
      dataFile: await writeDataFile([{ url: 'https://example.com/', score: 91 }]),
      hostNames: [NAME],
      control: true,
    });
    front = tls.createServer(
      { key: fs.readFileSync(path.join(TLS_DIR, `${NAME}.key`)), cert: fs.readFileSync(path.join(TLS_DIR, `${NAME}.crt`)) },
      (clear) => {
        const upstream = net.connect(Number(new URL(service.url).port), '127.0.0.1');
        clear.pipe(upstream).pipe(clear);
        upstream.on('error', () => clear.destroy());
        clear.on('error', () => upstream.destroy());
      },
    );
    const frontPort = await listen(front);
    proxy = await startConnectProxy(() => frontPort);
  });

  after(async () => {
    await proxy?.close();
    await new Promise((resolve) => front?.close(resolve));
    await service?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('check rates the URLs through the tunnel; the proxy sees the name, never the key', async () => {
    const project = path.join(dir, 'project');
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, 'urls.md'), 'https://example.com/\n');
    const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
      execFile(
        process.execPath,
        [cli, 'check', '--format', 'json'],
        {
          cwd: project,
          env: {
            PATH: process.env.PATH,
            WEBREPORTS_API_KEY: KEY,
            WEBREPORTS_BASE_URL: `https://${NAME}`,
            HTTPS_PROXY: proxy.url,
            NODE_EXTRA_CA_CERTS: path.join(TLS_DIR, `${NAME}.crt`),
            NODE_DISABLE_COMPILE_CACHE: '1',
          },
        },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      ),
    );
    assert.equal(run.code, 0, run.stderr);
    const json = JSON.parse(run.stdout) as { urls: { url: string; rating: string; score: number }[] };
    assert.deepEqual(
      json.urls.map((u) => [u.url, u.rating, u.score]),
      [['https://example.com/', 'good', 91]],
    );
    assert.ok(proxy.tunnels.length > 0 && proxy.tunnels.every((t) => t === `${NAME}:443`), proxy.tunnels.join(', '));
    const requests = service.requests();
    assert.ok(
      requests.length > 0 && requests.every((r) => r.headers.host === NAME),
      `the requests reached the service by its name: ${requests.map((r) => r.headers.host).join(', ')}`,
    );
    // Past the CONNECT line the proxy relays TLS: the key never crosses it in clear.
    assert.ok(!Buffer.concat(proxy.sent).includes(KEY), 'the proxy saw the key');
  });
});
