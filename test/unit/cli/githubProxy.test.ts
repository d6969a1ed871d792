// The GitHub side of a run on a runner behind a proxy: HTTPS_PROXY applies to GitHub's API as to the
// report service. A small CONNECT proxy on loopback records what it is asked and refuses the tunnel
// (the API's name, github.example.test, is never resolved or reached: nothing leaves the machine).
import { strict as assert } from 'node:assert';
import { GitHubApi } from '../../../cli/github/githubApi';
import { githubTarget } from '../../../cli/github/githubEnv';
import { startConnectProxy, type ConnectProxy } from '../api/connectProxy';

const TOKEN = 'ghs_proxy-test-token-5a7c';

describe('cli: GitHub through a proxy', () => {
  let proxy: ConnectProxy;

  // No tunnel is given: every CONNECT is refused (403) once recorded.
  before(async () => (proxy = await startConnectProxy()));
  after(() => proxy.close());

  it('asks the proxy from HTTPS_PROXY for a tunnel to the API, and the token never reaches the proxy', async () => {
    const env = {
      GITHUB_TOKEN: TOKEN,
      GITHUB_REPOSITORY: 'owner/name',
      GITHUB_API_URL: 'https://github.example.test',
      HTTPS_PROXY: proxy.url,
    };
    const api = new GitHubApi(githubTarget(env), 'website-reports-cli/test', env);
    try {
      // A create is never retried: one try, refused by the proxy.
      await assert.rejects(api.send('POST', 'repos/owner/name/issues/1/comments', { body: 'x' }));
    } finally {
      await api.dispose();
    }
    assert.deepEqual(proxy.tunnels, ['github.example.test:443']);
    assert.ok(!Buffer.concat(proxy.sent).includes(TOKEN), 'the token went to the proxy');
  });
});
