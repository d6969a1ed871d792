// GitHub's answers get the client's JSON depth check: an answer nested 10,000 deep is refused
// before it is parsed, with a message that says so; an ordinary answer is read. The server is a
// loopback stand-in (GitHub itself cannot run here).
import { strict as assert } from 'node:assert';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GitHubApi, MAX_GITHUB_ANSWER_DEPTH } from '../../../cli/github/githubApi';
import { githubTarget } from '../../../cli/github/githubEnv';

describe("cli: GitHub's answers nested too deeply", () => {
  let server: http.Server;
  let answer = '';
  let api: GitHubApi;
  before(async () => {
    server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(answer);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const env = {
      GITHUB_TOKEN: 'ghs_test',
      GITHUB_REPOSITORY: 'owner/name',
      GITHUB_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    };
    api = new GitHubApi(githubTarget(env), 'website-reports-cli/test', env);
  });
  after(async () => {
    await api.dispose();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('refuses an answer nested 10,000 deep, saying so', async () => {
    answer = `{"login":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    await assert.rejects(api.send('GET', 'user'), (e: Error) => {
      assert.match(e.message, new RegExp(`GitHub's answer nests deeper than ${MAX_GITHUB_ANSWER_DEPTH} levels; it was not read`));
      return true;
    });
  });

  it('reads an ordinary answer', async () => {
    answer = JSON.stringify({ login: 'octo', plan: { name: 'free', features: [['a', ['b']]] } });
    assert.deepEqual(await api.send('GET', 'user'), { login: 'octo', plan: { name: 'free', features: [['a', ['b']]] } });
  });
});
