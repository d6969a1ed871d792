// The benchmark's service, in its own process as in real use: the local service on a prepared
// database, with a constant analysis so that a create costs the service, not a page fetch.
// Arguments: <database file> <latency ms>. Prints the URL line; stops on SIGTERM or stdin end.
import { evaluate } from '../../service/analyze';
import { startService } from '../../service/server';

export const BENCH_KEY = 'bench-key-000000';

const ANALYSIS = evaluate({
  status: 200,
  https: true,
  title: 'A benchmark page | Example',
  description: 'A constant analysis: the benchmark measures the service, not the page it would fetch.',
  h1Count: 1,
  lang: 'en',
  viewport: 'width=device-width, initial-scale=1',
  imagesWithoutAlt: 0,
  responseTimeMs: 120,
  bytes: 20_000,
  noindex: false,
  canonical: 'https://bench.example.test/',
});

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
