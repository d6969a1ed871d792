// How many bytes the model keeps per report it holds, for the unit test and `npm run bench`.
//
// Measured, not estimated: the V8 heap in use after forced GC, with the model holding N reports,
// minus the same before it loaded them. A structural estimate (summing field lengths) would miss
// what actually costs memory: object headers and hidden classes, array slack, and above all a
// string or object that still points into the page it came from. The measurement runs in a child
// Node started with --expose-gc, so GC can be forced and nothing the caller holds (mocha, the
// local service, other tests' garbage) moves the numbers.
//
// The model is fed through its public API (reload, then loadMore) from an in-process page source
// that builds each page as the client does (JSON text parsed into records of the real service's
// shape, a `results` analysis padded to `recordBytes`): the model is what is measured, not HTTP.
import { spawn } from 'node:child_process';
import { getHeapStatistics } from 'node:v8';
import type { ListQuery, Report, ReportPage, ReportResult } from '../../core/client/types';
import type { PageSource } from '../../core/list/paging';
import { ReportsModel } from '../../core/list/reportsModel';

export interface FootprintOptions {
  /** Reports held at the end, spread over the three groups (default 1,000). */
  reports?: number;
  /** Size of each record as the service sends it, in bytes of JSON (default 20,000). */
  recordBytes?: number;
  /** `records` holds the parsed records themselves instead: the control that shows what the model saves. */
  hold?: 'model' | 'records';
}

export interface Footprint {
  reports: number;
  recordBytes: number;
  hold: 'model' | 'records';
  bytesPerReport: number;
  method: 'v8 used_heap_size delta after forced GC, child process';
}

const PER_PAGE = 100;
const GROUPS: ReportResult[] = ['good', 'decent', 'bad'];
const SCORES: Record<ReportResult, number> = { good: 91.30434782608695, decent: 73.68421052631578, bad: 21.052631578947366 };

/** One record of about `bytes` of JSON, shaped like the real service's (see real-service-notes.md). */
export function recordJson(id: number, result: ReportResult, bytes: number): string {
  const base = {
    id,
    url: `https://www.example.com/section-${id % 17}/page-${id}?ref=list`,
    project: 'www.example.com',
    result: SCORES[result],
    privacy: id % 3,
    password: id % 3 === 2,
    generated_at: '2024-05-01T10:00:00.000000Z',
    created_at: '2024-05-01T09:59:58.000000Z',
    updated_at: '2024-05-01T10:00:00.000000Z',
  };
  const checks: Record<string, unknown> = {};
  const skeleton = JSON.stringify({ ...base, results: {} }).length;
  const each = Math.max(0, Math.floor((bytes - skeleton) / 40) - 80);
  for (let i = 0; i < 40; i++) {
    checks[`check_${i}`] = { passed: i % 4 !== 0, importance: 'medium', value: `${id}:${i}:`.padEnd(each, 'v'), errors: { missing: null } };
  }
  return JSON.stringify({ ...base, results: checks });
}

/** Serves `counts[result]` reports per group in pages of 100, each page parsed from JSON text. */
function pageSource(counts: Record<ReportResult, number>, recordBytes: number): PageSource {
  const page = (query: ListQuery, number: number): ReportPage => {
    const result = query.result ?? 'good';
    const offset = GROUPS.indexOf(result) * 1_000_000;
    const first = (number - 1) * PER_PAGE;
    const ids = Array.from({ length: Math.max(0, Math.min(PER_PAGE, counts[result] - first)) }, (_, i) => offset + first + i + 1);
    const items = JSON.parse(`[${ids.map((id) => recordJson(id, result, recordBytes)).join(',')}]`) as Report[];
    const lastPage = Math.ceil(counts[result] / PER_PAGE);
    return { items, page: number, perPage: PER_PAGE, total: counts[result], lastPage, hasMore: number < lastPage, skipped: 0, query };
  };
  return {
    listReports: async (query: ListQuery = {}) => page(query, 1),
    nextPage: async (previous: ReportPage) => page(previous.query, previous.page + 1),
  };
}

function usedHeap(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('measuring the footprint needs node --expose-gc');
  for (let i = 0; i < 4; i++) gc();
  return getHeapStatistics().used_heap_size;
}

async function fill(counts: Record<ReportResult, number>, recordBytes: number): Promise<ReportsModel> {
  const model = new ReportsModel({ limits: { maxReports: Number.MAX_SAFE_INTEGER } });
  const source = pageSource(counts, recordBytes);
  await model.reload(source, { perPage: PER_PAGE });
  for (const result of GROUPS) while (model.canLoadMore(result)) await model.loadMore(source, result);
  return model;
}

/** Measures in this process; needs --expose-gc. */
export async function measureHere(options: FootprintOptions = {}): Promise<Footprint> {
  const reports = options.reports ?? 1000;
  const recordBytes = options.recordBytes ?? 20_000;
  const hold = options.hold ?? 'model';
  const share = (i: number) => Math.floor(reports / 3) + (i < reports % 3 ? 1 : 0);
  const counts = Object.fromEntries(GROUPS.map((r, i) => [r, share(i)])) as Record<ReportResult, number>;
  await fill({ good: 50, decent: 50, bad: 50 }, recordBytes); // warm-up: compiled code and shapes are not counted
  const before = usedHeap();
  let held: unknown;
  if (hold === 'model') held = await fill(counts, recordBytes);
  else {
    held = GROUPS.flatMap((r) => JSON.parse(`[${Array.from({ length: counts[r] }, (_, i) => recordJson(i, r, recordBytes)).join(',')}]`));
  }
  const after = usedHeap();
  if (!held) throw new Error('unreachable: keeps what is measured alive until here');
  return {
    reports,
    recordBytes,
    hold,
    bytesPerReport: Math.round((after - before) / reports),
    method: 'v8 used_heap_size delta after forced GC, child process',
  };
}

/** Measures in a fresh child Node with --expose-gc (what the unit test and the benchmark call). */
export function measureBytesPerReport(options: FootprintOptions = {}): Promise<Footprint> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', __filename, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`footprint child exited ${code}: ${err.slice(0, 500)}`));
      try {
        resolve(JSON.parse(out) as Footprint);
      } catch {
        reject(new Error(`footprint child answered ${out.slice(0, 200)}`));
      }
    });
  });
}

if (require.main === module) {
  measureHere(JSON.parse(process.argv[2] ?? '{}') as FootprintOptions).then(
    (result) => process.stdout.write(JSON.stringify(result)),
    (error: unknown) => {
      process.stderr.write(String(error instanceof Error ? error.stack : error));
      process.exit(1);
    },
  );
}
