// The command line (cli/): `--dump` over a generated tree of files vs ripgrep finding the same
// URLs (goal ≤ 3×; both include process start), and `check` of 1,000 distinct URLs on 20 hosts
// against the local service with 20 ms latency: the requests it sends (goal ≤ 60) and its wall
// time vs the least Node program that sends the same requests (LEAST_PROGRAM; goal ≤ 1.3×), with
// beside it those requests sent back to back from this process, and where the time goes: Node's own
// start (`node -e ''`), loading the bundle (`--version` minus that), the work (the rest). All taken in turn each round, so a shared machine's load
// falls on each alike. The CLI runs as users run it: the package's bundle (scripts/packageCli.js)
// in a child process, its compile cache in a folder of the benchmark's own, filled by the first
// round (not counted, as a user's first run); a first run is timed apart. The least program is what
// no command written in Node can beat on this machine (Node's start and the round trips are in both),
// so the goal's ratio is the command's own part. Temporary folders,
// removed at the end; loopback only.
import { execFile, execFileSync } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { request } from 'undici';
import { startService } from '../../service/server';
import { writeDataFile } from '../../test/unit/actions/reportRecords';
import { median, ms, type Row, type Settings } from './measure';

const KEY = 'bench-cli-key-000000';
const HOSTS = 20;
const LATENCY_MS = 20;

function run(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<{ ms: number; stdout: string }> {
  const start = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    execFile(file, args, { cwd, env: { PATH: process.env.PATH, ...env }, maxBuffer: 256 * 1024 * 1024 }, (error, stdout) => {
      const took = Number(process.hrtime.bigint() - start) / 1e6;
      // rg exits 1 when nothing matched; the CLI 1 when a finding is an error: both are answers.
      if (error && typeof error.code === 'number' && error.code <= 1) return resolve({ ms: took, stdout });
      if (error) return reject(error);
      resolve({ ms: took, stdout });
    });
  });
}

/** The package's files (dist/website-reports.js and what it loads when it needs it), built into `dir`. */
async function bundle(dir: string): Promise<string> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain Node script of the repo, not compiled
  const { bundleCli } = require(path.join(__dirname, '..', '..', '..', 'scripts', 'packageCli.js')) as {
    bundleCli(dir: string): Promise<string>;
  };
  return bundleCli(path.join(dir, 'dist'));
}

/**
 * The least Node program that sends `check`'s requests: node:http (no client to load), the first
 * request alone and the rest at once (the round trips `check` makes), each answer read whole and
 * parsed, one line printed. Its arguments: the service's origin, the key, the paths with queries.
 */
const LEAST_PROGRAM = `const http = require('node:http');
const [origin, key, ...paths] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true });
const get = (path) => new Promise((resolve, reject) => {
  const req = http.get(origin + path, { agent, headers: { authorization: 'Bearer ' + key, accept: 'application/json' } }, (res) => {
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (chunk) => (body += chunk));
    res.on('end', () => resolve(JSON.parse(body)));
  });
  req.on('error', reject);
});
(async () => {
  const answers = [await get(paths[0]), ...(await Promise.all(paths.slice(1).map(get)))];
  process.stdout.write(answers.length + ' answers\\n');
  agent.destroy();
})();
`;

/** `files` files in 100 folders, each a page of Markdown with 5 URLs among text. */
async function makeTree(dir: string, files: number): Promise<void> {
  for (let f = 0; f < files; f++) {
    const folder = path.join(dir, `section-${f % 100}`);
    if (f < 100) await fsp.mkdir(folder, { recursive: true });
    const lines = [`# Page ${f}`, ''];
    for (let u = 0; u < 5; u++) {
      lines.push(
        `Some text about the topic, see [link ${u}](https://site-${(f + u) % 50}.example.com/docs/page-${f}-${u}?ref=x) for more.`,
      );
      lines.push('A paragraph of ordinary prose that mentions no address at all, to make the file a realistic size.');
    }
    await fsp.writeFile(path.join(folder, `page-${f}.md`), `${lines.join('\n')}\n`);
  }
}

/** A recorded request's path and query, as sent. */
function pathOf(r: { path: string; rawQuery?: string }): string {
  return `${r.path}${r.rawQuery ? `?${r.rawQuery}` : ''}`;
}

function hasRg(): boolean {
  try {
    execFileSync('rg', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export async function cliRows(settings: Settings): Promise<Row[]> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'webreports-bench-cli-'));
  const rows: Row[] = [];
  try {
    const cli = await bundle(dir);
    const node = process.execPath;
    const rounds = settings.quick ? 3 : 7;

    // --dump vs ripgrep.
    // 10,000 files in the quick run too: in 1,000, rg takes ~45 ms and Node's start alone ~75 ms, so
    // the row would time Node's start, not the finder its goal is about.
    const files = 10_000;
    const tree = path.join(dir, 'tree');
    await makeTree(tree, files);
    if (hasRg()) {
      const pattern = 'https?://[^\\s<>"\'`{}|\\\\^]+';
      const cliMs: number[] = [];
      const rgMs: number[] = [];
      const bareMs: number[] = [];
      let counts = [0, 0];
      for (let i = 0; i < rounds + 1; i++) {
        const bare = await run(node, ['-e', ''], tree);
        const c = await run(node, [cli, 'check', '--dump'], tree, { NODE_COMPILE_CACHE: path.join(dir, 'compile-cache') });
        const r = await run('rg', ['--no-heading', '--line-number', '--column', '--only-matching', pattern, '.'], tree);
        counts = [c.stdout.split('\n').length - 1, r.stdout.split('\n').length - 1];
        if (i > 0) {
          cliMs.push(c.ms);
          rgMs.push(r.ms);
          bareMs.push(bare.ms);
        }
      }
      const [c, r] = [median(cliMs), median(rgMs)];
      rows.push({
        name: `cli --dump, ${files} files (${counts[0]} URLs; rg found ${counts[1]})`,
        value: `${ms(c)} / rg ${ms(r)}`,
        ratio: c / r,
        goal: 3,
      });
      rows.push({ name: `  of which Node's start (node -e '')`, value: ms(median(bareMs)) });
    } else {
      console.log('  cli --dump vs rg: skipped, ripgrep (rg) is not installed (Debian: apt-get install ripgrep)');
    }

    // check of 1,000 distinct URLs on 20 hosts.
    const urls = Array.from({ length: 1_000 }, (_, i) => `https://host-${i % HOSTS}.example.org/page/${i}`);
    const dataFile = await writeDataFile(urls.filter((_, i) => i % 2 === 0).map((url, i) => ({ url, score: 40 + (i % 60) })));
    const service = await startService({ apiKey: KEY, dataFile, latencyMs: LATENCY_MS, control: true });
    try {
      const project = path.join(dir, 'project');
      await fsp.mkdir(project);
      await fsp.writeFile(path.join(project, 'urls.md'), urls.map((u) => `- ${u}`).join('\n'));
      // The compile cache (cli/startup/compileCache.ts) in a folder of this run: the first round
      // (not counted) fills it, as a user's first run does; the first-run row empties it each time.
      const cache = path.join(dir, 'compile-cache');
      const env = { WEBREPORTS_API_KEY: KEY, WEBREPORTS_BASE_URL: service.url, NODE_COMPILE_CACHE: cache };
      const firstMs: number[] = [];
      const checkMs: number[] = [];
      const serialMs: number[] = [];
      const nodeMs: number[] = [];
      const loadMs: number[] = [];
      const leastMs: number[] = [];
      const least = path.join(dir, 'least.js');
      await fsp.writeFile(least, LEAST_PROGRAM);
      let sent = 0;
      for (let i = 0; i < rounds + 1; i++) {
        const bare = await run(node, ['-e', ''], project);
        const version = await run(node, [cli, '--version'], project, { NODE_COMPILE_CACHE: cache });
        service.clearRequests();
        const c = await run(node, [cli, 'check', '--format', 'json'], project, env);
        const recorded = service.requests();
        sent = recorded.length;
        const first = await run(node, [cli, 'check', '--format', 'json'], project, {
          ...env,
          NODE_COMPILE_CACHE: path.join(dir, `cache-${i}`),
        });
        const leastRun = await run(node, [least, service.url, KEY, ...recorded.filter((r) => r.method === 'GET').map(pathOf)], project);
        // The same requests, one after another, from this process (already warm).
        const start = process.hrtime.bigint();
        for (const r of recorded) {
          const res = await request(`${service.url}${pathOf(r)}`, {
            method: r.method as 'GET',
            headers: { authorization: `Bearer ${KEY}`, accept: 'application/json' },
          });
          await res.body.text();
        }
        if (i > 0) {
          firstMs.push(first.ms);
          checkMs.push(c.ms);
          serialMs.push(Number(process.hrtime.bigint() - start) / 1e6);
          nodeMs.push(bare.ms);
          leastMs.push(leastRun.ms);
          loadMs.push(version.ms - bare.ms);
        }
      }
      rows.push({
        name: `cli check, 1000 URLs on ${HOSTS} hosts: requests (goal ≤ 60)`,
        value: `${sent} requests`,
        ratio: sent / 60,
        goal: 1,
      });
      const [c, s] = [median(checkMs), median(serialMs)];
      const floor = median(leastMs);
      // Each round's run over that round's least program: both taken in the same moment of the machine.
      const paired = median(checkMs.map((run, i) => run / leastMs[i]));
      rows.push({
        name: `cli check, 1000 URLs, ${LATENCY_MS} ms latency: run vs the least Node program sending its requests (each round's pair)`,
        value: `${ms(c)} / ${ms(floor)}`,
        ratio: paired,
        goal: 1.3,
      });
      rows.push({ name: `  the run vs its requests back to back from this process`, value: `${ms(c)} / ${ms(s)}`, ratio: c / s });
      rows.push({
        name: `  the same, a first run (its compile cache empty, then written)`,
        value: `${ms(median(firstMs))} / ${ms(s)}`,
        ratio: median(firstMs) / s,
      });
      const [start, load] = [median(nodeMs), median(loadMs)];
      rows.push({
        name: `  of which Node's start (node -e ''), loading the bundle, the work`,
        value: `${ms(start)} + ${ms(load)} + ${ms(c - start - load)}`,
      });
      rows.push({
        name: `  the run without Node's own start vs its requests back to back`,
        value: `${ms(c - start)} / ${ms(s)}`,
        ratio: (c - start) / s,
      });
      rows.push({
        name: `  the least Node program sending them (node:http; the first, then the rest at once) vs back to back`,
        value: `${ms(floor)} / ${ms(s)}`,
        ratio: floor / s,
      });
    } finally {
      await service.close();
    }
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
  return rows;
}
