// The benchmark's service, in its own process as in real use: the local service on a prepared
// database, with a constant analysis so that a create costs the service, not a page fetch.
// Arguments: <database file> <latency ms>. Prints the URL line; stops on SIGTERM or stdin end.
import { evaluate, extractFacts } from '../../service/analyze';
import { startService } from '../../service/server';

export const BENCH_KEY = 'bench-key-000000';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>A benchmark page | Example</title><meta name="description" content="A constant analysis: the benchmark measures the service, not the page it would fetch."></head><body><h1>Benchmark</h1><p>Constant content.</p></body></html>`;

const ANALYSIS = evaluate(
  extractFacts({ url: 'https://bench.example.test/', status: 200, headers: {}, html: PAGE, responseTimeMs: 120, bytes: PAGE.length }),
);

async function main(): Promise<void> {
  const [dataFile, latency] = process.argv.slice(2);
  const service = await startService({
    apiKey: BENCH_KEY,
    dataFile,
    latencyMs: Number(latency) || 0,
    analyze: async () => structuredClone(ANALYSIS),
  });
  process.stdout.write(`listening on ${service.url}\n`);
  const stop = (): void => void service.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.stdin.on('end', stop); // the parent died: do not outlive it
  process.stdin.resume();
}

if (require.main === module) void main();
