// URL patterns on hostile input: the glob that made picomatch backtrack for seconds on 66
// characters, run over a megabyte of text, against the floor of a regular expression testing a
// literal on the same text (one pass of the engine's fastest scan). A fresh matcher each time, so
// its cache of state sets starts empty as in a run of `check`.
import { anyUrlOf } from '../../core/urls/urlPattern';
import { ms, timePair, type Row, type Settings } from './measure';

const HOSTILE = '**/*a*a*a*a*a*a*a*a*a*a*a*b';

export async function patternRows(settings: Settings): Promise<Row[]> {
  const text = `https://e.example/${'a'.repeat(1024 * 1024)}`;
  const literal = /ab/;
  let answers = 0;
  const [ours, floor] = await timePair(
    settings.rounds,
    async () => {
      if (anyUrlOf([HOSTILE])(text)) answers++;
    },
    async () => {
      if (literal.test(text)) answers++;
    },
  );
  if (answers !== 0) throw new Error("pattern bench: a text of a's matched");
  return [
    {
      name: 'URL pattern: hostile pattern × 1 MB text vs a regex literal test',
      value: `${ms(ours)} / ${ms(floor)}`,
      ratio: ours / floor,
      goal: 10,
    },
  ];
}
