// A run that checked nothing never passes: the real command line against the local service, a build
// folder and loopback previews (one that refuses connections, one that accepts and never answers,
// one that answers but has no page). A path that does not exist or a preview that cannot be
// reached is exit 2 whatever --allow-empty says; a run with nothing to judge is exit 2 unless
// --allow-empty accepts it.
import { strict as assert } from 'node:assert';
import * as http from 'node:http';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import { startService, RunningService } from '../../../service/server';
import { writeDataFile } from '../actions/reportRecords';
import { project, removeProjects, runCli } from './runCli';

const KEY = 'empty-run-key-7731-secret';
const GOOD = 'https://good.example.com/page';
const PAGE = '<!doctype html><html lang="en"><head><title>A page</title></head><body><h1>A page</h1></body></html>\n';

async function listening(server: net.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function closed(server: net.Server): Promise<void> {
  if (server instanceof http.Server) server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

describe('cli: a run that checked nothing', function () {
  this.timeout(60_000);
  let service: RunningService;
  let env: Record<string, string>;

  before(async () => {
    service = await startService({ apiKey: KEY, dataFile: await writeDataFile([{ url: GOOD, score: 90 }]) });
    env = { WEBREPORTS_API_KEY: KEY, WEBREPORTS_BASE_URL: service.url };
  });
  after(async () => {
    await service.close();
    await removeProjects();
  });
  beforeEach(() => service.clearRequests());

  it('refuses a path that does not exist, by name, before any request, even with --allow-empty', async () => {
    const cwd = await project({ 'docs/a.md': `See ${GOOD}\n` });
    for (const extra of [[], ['--allow-empty']]) {
      const run = await runCli(['check', 'docs', 'dcos/', ...extra], { cwd, env });
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, /"dcos\/": no such file or folder/);
      assert.doesNotMatch(run.stderr, /"docs"/);
      assert.equal(run.stdout, '');
    }
    assert.equal(service.requests().length, 0);
    // The paths that exist still run.
    assert.equal((await runCli(['check', 'docs'], { cwd, env })).code, 0);
  });

  it('fails a run that found no URL (exit 2, saying so); --allow-empty accepts it', async () => {
    const cwd = await project({ 'docs/a.md': 'No address here.\n' });
    const run = await runCli(['check', 'docs', '--format', 'json'], { cwd, env });
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /Nothing was checked: no http\(s\) URL to look up was found in "docs"\. Pass --allow-empty/);
    assert.equal(run.stdout, '', 'no report: the run did not complete');
    const allowed = await runCli(['check', 'docs', '--format', 'json', '--allow-empty'], { cwd, env });
    assert.equal(allowed.code, 0, allowed.stderr);
    assert.equal(JSON.parse(allowed.stdout).summary.urls, 0);
  });

  it('fails --local on a build folder without a page, with its notes; --allow-empty accepts it', async () => {
    const cwd = await project({ '_site/readme.txt': 'not a page\n', '_site/sitemap.xml': 'not a sitemap' });
    const run = await runCli(['check', '--local', '_site'], { cwd });
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /Nothing was checked: no page was found in the build folder "_site"/);
    assert.match(run.stderr, /sitemap\.xml: /, 'what was read and why it gave nothing');
    const allowed = await runCli(['check', '--local', '_site', '--allow-empty', '--format', 'json'], { cwd });
    assert.equal(allowed.code, 0, allowed.stderr);
    assert.deepEqual(JSON.parse(allowed.stdout).urls, []);
  });

  it('passes an empty shard of a folder that has pages: the run as a whole is not empty', async () => {
    const cwd = await project({ '_site/index.html': PAGE });
    const codes = [];
    for (const shard of ['1/2', '2/2']) {
      const run = await runCli(['check', '--local', '_site', '--shard', shard, '--format', 'json'], { cwd });
      assert.ok(run.code === 0 || run.code === 1, run.stderr);
      codes.push(JSON.parse(run.stdout).urls.length);
    }
    assert.deepEqual(codes.sort(), [0, 1]);
  });

  it('names a preview that refuses connections (a closed port) as not reachable, even with --allow-empty', async () => {
    const server = net.createServer();
    const origin = await listening(server);
    await closed(server);
    const cwd = await project({ 'a.md': `${origin}/page\n` });
    for (const extra of [[], ['--allow-empty']]) {
      const run = await runCli(['check', '--local', origin, ...extra], { cwd });
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, new RegExp(`The preview at ${origin} cannot be reached \\(.*ECONNREFUSED\\): is it running\\?`));
    }
  });

  it('names a preview that accepts and never answers as not answering, within WEBREPORTS_PREVIEW_TIMEOUT_SECONDS', async () => {
    const sockets: net.Socket[] = [];
    const server = net.createServer((socket) => void sockets.push(socket));
    const origin = await listening(server);
    try {
      const cwd = await project({ 'a.md': 'nothing\n' });
      const run = await runCli(['check', '--local', origin, '--allow-empty'], { cwd, env: { WEBREPORTS_PREVIEW_TIMEOUT_SECONDS: '1' } });
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, new RegExp(`The preview at ${origin} does not answer \\(.*within 1 seconds\\): is it running\\?`));
      const wrong = await runCli(['check', '--local', origin], { cwd, env: { WEBREPORTS_PREVIEW_TIMEOUT_SECONDS: 'soon' } });
      assert.equal(wrong.code, 2);
      assert.match(wrong.stderr, /WEBREPORTS_PREVIEW_TIMEOUT_SECONDS: "soon" is not a whole number of seconds/);
    } finally {
      for (const s of sockets) s.destroy();
      await closed(server);
    }
  });

  it('fails a preview that answers but has no page (no sitemap, no URL on it in the files); --allow-empty accepts it', async () => {
    const server = http.createServer((_req, res) => res.writeHead(404, { 'content-type': 'text/plain' }).end('no'));
    const origin = await listening(server);
    try {
      const cwd = await project({ 'a.md': 'https://elsewhere.example.com/\n' });
      const run = await runCli(['check', '--local', origin], { cwd });
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, new RegExp(`Nothing was checked: the preview at ${origin} gave no page`));
      assert.match(run.stderr, /sitemap\.xml answered with HTTP status 404/);
      const allowed = await runCli(['check', '--local', origin, '--allow-empty'], { cwd });
      assert.equal(allowed.code, 0, allowed.stderr);
    } finally {
      await closed(server);
    }
  });
});
