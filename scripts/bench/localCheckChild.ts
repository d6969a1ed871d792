// Child of localCheckRows.ts: runs `website-reports check --local DIR` (the command line's main, in
// this process, so its CPU and peak memory are the run's, worker threads included) and prints its
// wall ms, CPU ms (process.cpuUsage: all threads), the worker threads it started and the peak
// resident memory as JSON. The threads come from WEBREPORTS_WORKERS, as users set them (unset: the
// default: this thread, and workers when they pay).
// The module object itself (an `import *` would be a copy whose names cannot be set).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
import workerThreads = require('node:worker_threads');
import { main } from '../../cli/main';

/** Counts the workers started: the bench's own look at the run, the command is unchanged. */
function countWorkers(): { started: number } {
  const count = { started: 0 };
  const Original = workerThreads.Worker;
  class Counted extends Original {
    constructor(...args: ConstructorParameters<typeof Original>) {
      super(...args);
      count.started++;
    }
  }
  workerThreads.Worker = Counted;
  return count;
}

async function run(): Promise<void> {
  const [dir, out] = process.argv.slice(2);
  const workers = countWorkers();
  const started = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  const code = await main(['check', '--local', dir, '--format', 'json', '--output', out]);
  const cpu = process.cpuUsage(cpu0);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  process.stdout.write(
    JSON.stringify({
      code,
      ms,
      cpuMs: (cpu.user + cpu.system) / 1000,
      workers: workers.started,
      peakRssBytes: process.resourceUsage().maxRSS * 1024,
    }),
  );
}

run().catch((err) => {
  console.error(err);
  process.exit(1);
});
