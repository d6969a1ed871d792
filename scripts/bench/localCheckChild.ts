// Child of localCheckRows.ts: runs `website-reports check --local DIR` (the command line's main, in
// this process, so its peak memory is the run's, worker threads included) and prints its wall time
// and the peak resident memory as JSON. The workers come from WEBREPORTS_WORKERS, as users set them.
import { main } from '../../cli/main';

async function run(): Promise<void> {
  const [dir, out] = process.argv.slice(2);
  const started = process.hrtime.bigint();
  const code = await main(['check', '--local', dir, '--format', 'json', '--output', out]);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  process.stdout.write(JSON.stringify({ code, ms, peakRssBytes: process.resourceUsage().maxRSS * 1024 }));
}

run().catch((err) => {
  console.error(err);
  process.exit(1);
});
