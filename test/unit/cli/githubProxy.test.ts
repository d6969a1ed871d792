// The GitHub side of a run on a runner behind a proxy: HTTPS_PROXY applies to GitHub's API as to the
// report service. A small CONNECT proxy on loopback records what it is asked and refuses the tunnel
// (the API's name, github.example.test, is never resolved or reached: nothing leaves the machine).
import { strict as assert } from 'node:assert';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GitHubApi } from '../../../cli/github/githubApi';
import { githubTarget } from '../../../cli/github/githubEnv';

const TOKEN = 'ghs_proxy-test-token-5a7c';

describe('cli: GitHub through a proxy', () => {
  let proxy: http.Server;
  let proxyUrl: string;
  const asked: string[] = [];
  const seen: string[] = [];

  before(async () => {
    proxy = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${JSON.stringify(req.headers)}`);
      res.writeHead(405).end();
    });
    proxy.on('connect', (req: http.IncomingMessage, socket: import('node:net').Socket) => {
      asked.push(req.url ?? '');
      seen.push(`CONNECT ${req.url} ${JSON.stringify(req.headers)}`);
      socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  after(async () => {
    proxy.closeAllConnections();
    await new Promise((resolve) => proxy.close(resolve));
  });

  it('asks the proxy from HTTPS_PROXY for a tunnel to the API, and the token never reaches the proxy', async () => {
    const env = {
      GITHUB_TOKEN: TOKEN,
      GITHUB_REPOSITORY: 'owner/name',
      GITHUB_API_URL: 'https://github.example.test',
      HTTPS_PROXY: proxyUrl,
    };
    const api = new GitHubApi(githubTarget(env), 'website-reports-cli/test', env);
    try {
      // A create is never retried: one try, refused by the proxy.
      await assert.rejects(api.send('POST', 'repos/owner/name/issues/1/comments', { body: 'x' }));
    } finally {
      await api.dispose();
    }
    assert.deepEqual(asked, ['github.example.test:443']);
    assert.ok(!seen.join('\n').includes(TOKEN), 'the token went to the proxy');
  });
});
