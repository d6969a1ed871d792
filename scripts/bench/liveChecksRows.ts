// The editor's live local checks (extension/localChecks): once typing pauses, a 50 KB HTML file's
// Problems are ready — the page analysed in the analyser's worker (as the editor runs it), its
// failed checks made findings, their offsets made line and column — vs the goal of 100 ms; and
// the worker's round trip vs the same analysis on this thread.
import { AnalysisPool } from '../../core/analysis/analysisPool';
import { analyseHtml } from '../../core/analysis/localAnalysis';
import { htmlFindings } from '../../core/sources/localFindings';
import { TextPositions } from '../../core/urls/urlsInFiles';
import { benchPage } from './benchPages';
import { median, ms, type Row, type Settings } from './measure';

const LIVE_GOAL_MS = 100;

function positions(text: string, findings: { start: number; end: number }[]): number {
  const at = new TextPositions(text);
  const offsets = findings.flatMap((f) => [f.start, f.end]).sort((a, b) => a - b);
  let sum = 0;
  for (const offset of offsets) sum += at.of(offset).line;
  return sum;
}

export async function liveChecksRows(settings: Settings): Promise<Row[]> {
  const page = benchPage(3, 50 * 1024);
  const pool = new AnalysisPool({ timeLimitMs: 5_000, owner: 'the benchmark' });
  const live: number[] = [];
  const inThread: number[] = [];
  let findings = 0;
  try {
    for (let i = 0; i < 10; i++) await pool.analyseHtml(page); // warm-up: the worker started, its code compiled
    for (let i = 0; i < Math.max(settings.rounds, 20); i++) {
      // Each round a slightly different text, as typing makes it.
      const text = `${page}<!-- ${i} -->`;
      const start = process.hrtime.bigint();
      const found = htmlFindings(await pool.analyseHtml(text));
      positions(text, found);
      live.push(Number(process.hrtime.bigint() - start) / 1e6);
      findings = found.length;
      const t = process.hrtime.bigint();
      analyseHtml(text);
      inThread.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
  } finally {
    await pool.close();
  }
  const [l, s] = [median(live), median(inThread)];
  return [
    {
      name: `live local checks: a ${Math.round(page.length / 1024)} KB HTML file's ${findings} Problems ready after the debounce (worker), median vs ${LIVE_GOAL_MS} ms`,
      value: ms(l),
      ratio: l / LIVE_GOAL_MS,
      goal: 1,
    },
    { name: 'live local checks: through the worker vs the analysis on this thread', value: `${ms(l)} / ${ms(s)}`, ratio: l / s },
  ];
}
