// Child of localCheckRows.ts: runs `website-reports check --local DIR` (the command line's main, in
// this process, so its CPU and peak memory are the run's, worker threads included) and prints its
// wall ms, CPU ms (process.cpuUsage: all threads), the workers and the peak resident memory as JSON.
// The workers come from WEBREPORTS_WORKERS, as users set them (unset: the default).
import { main } from '../../cli/main';
import { workersOf } from '../../cli/local/localCheck';

async function run(): Promise<void> {
  const [dir, out] = process.argv.slice(2);
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
      workers: workersOf(process.env.WEBREPORTS_WORKERS),
      peakRssBytes: process.resourceUsage().maxRSS * 1024,
    }),
  );
}

run().catch((err) => {
  console.error(err);
  process.exit(1);
});
