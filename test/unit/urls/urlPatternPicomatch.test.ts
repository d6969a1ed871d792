// The dialect agrees with picomatch (what the config used before, with `dot: true`) wherever
// both define the answer: generated file paths without empty, `.` or `..` segments, and patterns
// whose `**` are whole segments. Left out, a quirk of picomatch: a final `/**` after a segment
// that ends in `*` needs one more segment there (`*/**` does not match `a`, `a/**` does); here a
// final `/**` always also matches the folder itself.
import { strict as assert } from 'node:assert';
import picomatch from 'picomatch';
import { anyOf } from '../../../core/urls/urlPattern';

/** A small deterministic generator (the same cases on every run). */
function random(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return Math.floor((state / 2 ** 31) * n);
  };
}

function segment(next: (n: number) => number, items: readonly string[]): string {
  for (;;) {
    let out = '';
    const length = 1 + next(3);
    for (let i = 0; i < length; i++) out += items[next(items.length)];
    if (out !== '.' && out !== '..' && !out.includes('**')) return out;
  }
}

function joined(next: (n: number) => number, part: () => string): string {
  return Array.from({ length: 1 + next(3) }, part).join('/');
}

describe('urls: the dialect against picomatch on generated paths', () => {
  it('gives the same answer on generated pattern and path pairs', () => {
    const next = random(7);
    const differences: string[] = [];
    for (let i = 0; i < 4_000; i++) {
      const pattern = joined(next, () => (next(5) === 0 ? '**' : segment(next, ['a', 'b', '.', '*', '?', '{a,b}'])));
      if (pattern.endsWith('*/**')) continue;
      const text = joined(next, () => segment(next, ['a', 'b', '.']));
      const ours = anyOf([pattern])(text);
      const theirs = picomatch(pattern, { dot: true })(text);
      if (ours !== theirs) differences.push(`${pattern} ${text}: ours ${ours}, picomatch ${theirs}`);
    }
    assert.deepEqual(differences.slice(0, 20), []);
  });
});
