// A child process for the lock tests: `node lockTaker.js <state file>` loads the scan job in the
// state file (taking its lock) when the parent says "go" on stdin, prints "held" or "locked",
// keeps what it took until stdin ends (so all takers overlap), then releases it and exits 0.
import { loadJob, ScanJob } from '../../../core/sites/scanJob';

async function main(): Promise<void> {
  const [file] = process.argv.slice(2);
  const input = process.stdin;
  input.setEncoding('utf8');
  let buffered = '';
  const go = new Promise<void>((resolve) =>
    input.on('data', (chunk: string) => {
      buffered += chunk;
      if (buffered.includes('go')) resolve();
    }),
  );
  const ended = new Promise<void>((resolve) => input.on('end', () => resolve()));
  process.stdout.write('ready\n');
  await go;
  const job = await loadJob(file);
  process.stdout.write(job instanceof ScanJob ? 'held\n' : `locked ${job?.kind ?? 'none'}\n`);
  await ended;
  if (job instanceof ScanJob) await job.release();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(2);
  },
);
