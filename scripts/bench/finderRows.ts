// The one URL finder (core/urls/urlFinder.ts) on 1 MB of hostile text: URLs followed by runs of
// `)`, `]` and `.)` up to 64 KiB long (test/unit/model/hostileUrlText.ts, whose answer the unit
// tests check). Goal ≤ 200 ms; beside it the floor: a plain pass of the finder's own regex over the
// same text, with no trim, so the ratio says what the trim and the rest cost on top of reading.
// Then the same text as a file of the workspace index and of the command line (places counted).
import { findUrls } from '../../core/urls/urlFinder';
import { urlsInFile } from '../../core/urls/urlsInFiles';
import { hostileText } from '../../test/unit/model/hostileUrlText';
import { median, ms, type Row, type Settings } from './measure';

const GOAL_MS = 200;
const FLOOR = /\bhttps?:\/\/[^\s<>"'`{}|\\^]+/gi;

function time(rounds: number, fn: () => unknown): number {
  for (let i = 0; i < 3; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = process.hrtime.bigint();
    fn();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(samples);
}

export function finderRows(settings: Settings): Row[] {
  const { text, urls } = hostileText(1024 * 1024);
  const found = findUrls(text).length;
  if (found !== urls) throw new Error(`finder bench: ${found} URLs found of ${urls}`);
  const rounds = Math.min(settings.rounds, 15);
  const finder = time(rounds, () => findUrls(text));
  const places = time(rounds, () => urlsInFile('hostile.txt', text));
  const floor = time(rounds, () => text.match(FLOOR));
  return [
    {
      name: `URL finder: 1 MB of hostile text (${urls} URLs before runs of ) ] .) up to 64 KiB), vs ${GOAL_MS} ms`,
      value: `${ms(finder)} (plain regex pass ${ms(floor)}, ×${(finder / floor).toFixed(1)})`,
      ratio: finder / GOAL_MS,
      goal: 1,
    },
    {
      name: `URL finder: the same text as a file (URLs with line and column), vs ${GOAL_MS} ms`,
      value: `${ms(places)} (plain regex pass ×${(places / floor).toFixed(1)})`,
      ratio: places / GOAL_MS,
      goal: 1,
    },
  ];
}
