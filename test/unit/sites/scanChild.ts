// Runs one scan job in its own process, for the kill -9 test: `node scanChild.js <service url>
// <key> <state file>`. Prints "sent <url>" when a create is written as sent, then the result as
// one JSON line, and exits 0.
import { ReportsClient } from '../../../core/client/client';
import { loadJob, ScanJob } from '../../../core/sites/scanJob';
import { runScan } from '../../../core/sites/runScan';

async function main(): Promise<void> {
  const [baseUrl, key, stateFile] = process.argv.slice(2);
  const job = await loadJob(stateFile);
  if (!(job instanceof ScanJob)) throw new Error(`no job: ${job?.message ?? 'missing'}`);
  const client = new ReportsClient({
    baseUrl: `${baseUrl}/`,
    apiKey: () => key,
    proxy: { env: {} },
    retry: { baseDelayMs: 10, maxDelayMs: 50 },
    // A create killed before it reached the service stays unknown for this long on resume (looked
    // for, never sent again meanwhile): short here, longer than the test's 3 s creates.
    analysisTimeoutMs: 5000,
  });
  job.onProgress((p) => {
    if (p.inFlight > 0 && p.url) process.stdout.write(`sent ${p.url} ${p.inFlight}\n`);
  });
  const result = await runScan(job, { client });
  await job.release();
  await client.dispose();
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(2);
  },
);
