// A child process for the store's crash and two-writer tests: records COUNT runs of reports (on
// URLS URLs) into DIR and prints "ok <n>" once each record() has resolved. Runs of writer TAG get
// times no other writer uses.
import { HistoryStore } from '../../../core/history/historyStore';
import { nodeFiles } from '../../../core/files/nodeFiles';

const [dir, tag, count, urls, compactEvery] = process.argv.slice(2);

export function recordOf(tagNumber: number, n: number, urlCount: number): Record<string, unknown> {
  const results: Record<string, unknown> = {};
  for (let c = 0; c < 40; c++) results[`check_${c}`] = { passed: (n + c) % 3 !== 0, importance: ['high', 'medium', 'low'][c % 3] };
  return {
    id: n,
    url: `https://site.test/page-${n % urlCount}`,
    generated_at: new Date(Date.UTC(2026, 0, 1) + n * 1000 + tagNumber).toISOString(),
    result: (n * 7) % 101,
    results,
  };
}

async function main(): Promise<void> {
  const store = new HistoryStore({
    dir,
    files: nodeFiles,
    // A writer killed while holding a lock leaves it: taken over soon, so the test runs in seconds.
    limits: { compactEvery: Number(compactEvery) || undefined, lockStaleMs: 300 },
  });
  for (let n = 0; n < Number(count); n++) {
    await store.record('http://127.0.0.1:1', recordOf(Number(tag), n, Number(urls)));
    process.stdout.write(`ok ${n}\n`);
  }
}

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
