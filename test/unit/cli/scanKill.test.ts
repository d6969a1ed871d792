// `website-reports scan` killed with -9 while creates are in flight, then resumed AT ONCE with the
// same --state, while the service is still analysing what the dead run sent: every page ends with
// exactly one report. The creates take 250 ms on the service (a fault that delays each POST before
// it is stored); the kill comes when 4 to 10 creates have reached the service (1 to 3 in flight).
// Five rounds in a row: every send the dead run never heard back from is looked for before the
// resume sends anything (and said when it starts); its outcome stays unknown — looked for again,
// never sent again — until the service can answer for it.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { urlset } from '../sites/siteServer';
import { CLI, project, runCli } from './runCli';
import { KEY, reportsByUrl, service, site, useScanWorld } from './scanWorld';

const ROUNDS = 5;
const PAGES = 30;
const CREATE_MS = 250;
/** Creates that have reached the service when the first run is killed, by round. */
const KILL_AFTER = [8, 4, 10, 5, 9];

describe('cli: scan killed with -9 and resumed at once', function () {
  // About 130 s alone on 2 cores (the resumes wait out their pacing); past 180 s once in a loaded full run.
  this.timeout(300_000);
  useScanWorld();

  it(`${ROUNDS} rounds: ${PAGES} pages, creates of ${CREATE_MS} ms, killed after ${KILL_AFTER.join('/')} sent, resumed at once: one report per page`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await service.reset(0);
      service.clearRequests();
      const urls = Array.from({ length: PAGES }, (_, i) => `https://kill${round}.example/p/${i}`);
      site.pages.clear();
      site.pages.set('/sitemap.xml', { body: urlset(urls) });
      const cwd = await project({});
      const env = { WEBREPORTS_API_KEY: KEY, WEBREPORTS_BASE_URL: service.url, TMPDIR: cwd };
      const state = path.join(cwd, 'job.state');
      const args = [CLI, 'scan', site.url, '--yes', '--state', state, '--format', 'json'];
      service.addFault({ method: 'POST', path: '/api/v1/reports', delayMs: CREATE_MS, times: 0 });
      const posts = () => service.requests().filter((r) => r.method === 'POST').length;
      const first = spawn(process.execPath, args, { cwd, env: { PATH: process.env.PATH, ...env }, stdio: 'ignore' });
      // Killed when every create the run wrote as sent has reached the service: a send written but
      // killed before it left would stay unknown for the whole time limit (2 minutes) on resume.
      const written = async () => ((await fsp.readFile(state, 'utf8').catch(() => '')).match(/"e":"send"/g) ?? []).length;
      await new Promise<void>((resolve, reject) => {
        const ended = () => reject(new Error(`round ${round}: the scan ended before ${KILL_AFTER[round]} creates were sent`));
        first.once('exit', ended);
        const poll = async (): Promise<void> => {
          if (posts() >= KILL_AFTER[round] && (await written()) === posts()) {
            first.off('exit', ended);
            first.kill('SIGKILL');
            resolve();
          } else setTimeout(() => void poll(), 2);
        };
        void poll();
      });
      await new Promise((resolve) => first.once('close', resolve));
      const sentBefore = posts();
      const unanswered = unansweredIn(await fsp.readFile(state, 'utf8')).map((i) => urls[i]);
      const logged = service.requests().length;
      // At once: the creates the dead run had in flight are still being analysed by the service.
      const second = await runCli(args.slice(1), { cwd, env });
      assert.equal(second.code, 0, `round ${round}: ${second.stderr}`);
      if (unanswered.length) assert.match(second.stderr, new RegExp(`, ${unanswered.length} sent without an answer before it stopped`));
      const resumed = service.requests().slice(logged);
      const firstPost = resumed.findIndex((r) => r.method === 'POST');
      const searched = new Set(resumed.slice(0, firstPost).map((r) => r.query.search));
      for (const url of unanswered) assert.ok(searched.has(url), `round ${round}: ${url} looked for before anything was sent`);
      const summary = JSON.parse(second.stdout) as { created: number; failed: number; status: string };
      assert.deepEqual([summary.created, summary.failed, summary.status], [PAGES, 0, 'done'], `round ${round}`);
      const stored = await reportsByUrl();
      for (const url of urls) assert.equal(stored.get(url)?.length, 1, `round ${round}: ${url}`);
      assert.equal(stored.size, PAGES);
      assert.equal(posts(), PAGES, `round ${round}: one POST per page in all (${sentBefore} before the kill)`);
      service.clearFaults();
    }
  });
});

/** The indexes of the URLs whose last send has no answer in a state file's events. */
function unansweredIn(text: string): number[] {
  const open = new Set<number>();
  for (const line of text.split('\n').slice(1)) {
    const event = (() => {
      try {
        return JSON.parse(line) as { e: string; i?: number };
      } catch {
        return undefined;
      }
    })();
    if (event?.i === undefined) continue;
    if (event.e === 'send') open.add(event.i);
    else if (event.e === 'done' || event.e === 'failed' || event.e === 'unsent') open.delete(event.i);
  }
  return [...open];
}
