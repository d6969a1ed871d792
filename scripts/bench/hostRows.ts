// The extension host under hostile records: what the report panel, the hover and the exporters
// cost for the worst records an attack sent (a check value of 150×150×20 numbers, a record nested
// 10,000 deep, a 2 MB string) against ordinary records that fill the same budgets. The budgets
// bound the output, so the hostile records should cost about what the largest ordinary one does,
// not seconds (before the budgets the first one took 4.6 s and 7 MiB of HTML).
import { hoverText } from '../../extension/documentUrls/urlHoverText';
import { boundedJson } from '../../core/text/safeJson';
import { renderReportBody } from '../../core/render/reportView';
import { ms, timePair, type Row, type Settings } from './measure';

function hostileRecord(): Record<string, unknown> {
  let deep: unknown = 'bottom';
  for (let i = 0; i < 10_000; i++) deep = [deep];
  const grid = Array.from({ length: 150 }, (_, i) =>
    Array.from({ length: 150 }, (_, j) => Array.from({ length: 20 }, (_, k) => i + j + k)),
  );
  return {
    id: 1,
    url: `https://hostile.example/${'a'.repeat(2_000_000)}`,
    result: 41.2,
    privacy: { toString: 1 },
    project: 'x'.repeat(100_000),
    results: {
      grid: { passed: false, importance: 'high', value: grid, errors: { too_many: grid } },
      deep: { passed: false, importance: 'medium', value: deep },
    },
  };
}

/** An ordinary record as large as a panel shows: 300 checks, each with 40 links. */
function ordinaryRecord(): Record<string, unknown> {
  const results: Record<string, unknown> = {};
  for (let c = 0; c < 300; c++) {
    const links = Array.from({ length: 40 }, (_, i) => ({ url: `https://ordinary.example/page/${c}/${i}`, text: `Page ${c}.${i}` }));
    results[`check_${c}`] = {
      passed: c % 3 !== 0,
      importance: 'medium',
      value: { Internals: links },
      errors: c % 3 === 0 ? { too_many: null } : undefined,
    };
  }
  return { id: 2, url: 'https://ordinary.example/', result: 73.5, privacy: 1, project: 'ordinary.example', results };
}

export async function hostRows(settings: Settings): Promise<Row[]> {
  const hostile = hostileRecord();
  const ordinary = ordinaryRecord();
  const rounds = settings.quick ? 5 : 15;
  const rows: Row[] = [];
  const pair = async (name: string, fn: (record: Record<string, unknown>) => unknown): Promise<void> => {
    const [h, o] = await timePair(
      rounds,
      async () => fn(hostile),
      async () => fn(ordinary),
    );
    rows.push({ name, value: `${ms(h)} / ${ms(o)}`, ratio: h / o, goal: 2 });
  };
  await pair('extension host: report panel of the hostile records vs a budget-filling ordinary one', (r) => renderReportBody(r));
  await pair('extension host: hover of the hostile record vs an ordinary one', (r) => hoverText('https://hostile.example/', r as never));
  // The export writes what the service sent (no render budget): bounded by depth, linear in size.
  const [h, o] = await timePair(
    rounds,
    async () => boundedJson([hostile]),
    async () => boundedJson([ordinary]),
  );
  rows.push({
    name: 'extension host: JSON export of the hostile record vs an ordinary one (no goal: linear in what was sent)',
    value: `${ms(h)} / ${ms(o)}`,
    ratio: h / o,
  });
  return rows;
}
