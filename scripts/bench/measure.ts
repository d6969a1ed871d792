// Timing and the results table of the benchmark. Ratios only: the machines are noisy and shared.
import * as os from 'node:os';

export interface Row {
  /** what was measured */
  name: string;
  /** the measurement, for people ("1.23 ms / 0.98 ms") */
  value: string;
  /** the ratio compared with the goal, if the row has one */
  ratio?: number;
  goal?: number;
}

export interface Settings {
  quick: boolean;
  /** timed repetitions per measurement (after warm-up), bounded */
  rounds: number;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const WARM_UP = 10;

async function sample(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Median milliseconds of `rounds` runs after warm-up runs. */
export async function timeIt(rounds: number, fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < WARM_UP; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) samples.push(await sample(fn));
  return median(samples);
}

/**
 * Two measurements taken alternately after warm-up, so that load from elsewhere on a shared
 * machine falls on both sides of a ratio alike. Each function returns its own measurement.
 */
export async function alternate<A, B>(rounds: number, a: () => Promise<A>, b: () => Promise<B>): Promise<[A[], B[]]> {
  for (let i = 0; i < WARM_UP; i++) {
    await a();
    await b();
  }
  const sa: A[] = [];
  const sb: B[] = [];
  for (let i = 0; i < rounds; i++) {
    sa.push(await a());
    sb.push(await b());
  }
  return [sa, sb];
}

/** Medians of two timings taken alternately (see alternate). */
export async function timePair(rounds: number, a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number, number]> {
  const [sa, sb] = await alternate(
    rounds,
    () => sample(a),
    () => sample(b),
  );
  return [median(sa), median(sb)];
}

export function ms(value: number): string {
  return `${value.toFixed(2)} ms`;
}

export function verdict(row: Row): string {
  if (row.ratio === undefined) return '';
  const ratio = `${row.ratio.toFixed(2)}×`;
  return row.goal === undefined ? ratio : `${ratio} (goal ≤ ${row.goal}×) ${row.ratio <= row.goal ? 'pass' : 'FAIL'}`;
}

export function printRow(row: Row): void {
  console.log(`${row.name.padEnd(64)} ${row.value.padEnd(28)} ${verdict(row)}`);
}

export function machine(): string {
  const cpus = os.cpus();
  return `${cpus[0]?.model.trim() ?? 'unknown cpu'}, ${cpus.length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

/** The 1-minute load average: a shared machine's other work shows in every number. */
export function load(): string {
  return `load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`;
}

export function markdownTable(rows: Row[]): string {
  const lines = ['| measurement | value | ratio | goal | result |', '|---|---|---|---|---|'];
  for (const r of rows) {
    const pass = r.ratio === undefined || r.goal === undefined ? '' : r.ratio <= r.goal ? 'pass' : 'FAIL';
    lines.push(
      `| ${r.name} | ${r.value} | ${r.ratio === undefined ? '' : `${r.ratio.toFixed(2)}×`} | ${r.goal === undefined ? '' : `≤ ${r.goal}×`} | ${pass} |`,
    );
  }
  return lines.join('\n');
}
