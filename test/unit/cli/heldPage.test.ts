// What `check --local` holds of each page until its report is written (cli/local/heldPage.ts): one
// short string a page, made back into the LocalPage the report writes, field for field and in the
// report's order; the words of the failed checks shared between pages that say the same.
import { strict as assert } from 'node:assert';
import { CHECK_KEYS } from '../../../core/analysis/checks';
import { analyseHtml } from '../../../core/analysis/localAnalysis';
import { pageSummary, statesOf, type PageSummary } from '../../../core/analysis/pageSummary';
import type { LocalPage } from '../../../core/config/gateReport';
import { failedCheckMessage } from '../../../core/sources/localFindings';
import type { Occurrence } from '../../../core/urls/urlsInFiles';
import { HeldPages } from '../../../cli/local/heldPage';

const PAGE = (images: number) =>
  `<!doctype html><html><head><title>A page</title></head>\n<body><h1>Hi</h1>\n${'<img src="/a.png">\n'.repeat(images)}</body></html>`;

/** The LocalPage as the command made it before anything was held compact: the definition. */
function expected(where: LocalPage, html: string, onSource?: Map<string, Occurrence[]>): LocalPage {
  const a = pageSummary(analyseHtml(html, { url: 'https://site.example/p' }), html);
  const places = Object.fromEntries(
    a.failed.flatMap((c) => {
      const numbers = c.places;
      const own: Occurrence[] = [];
      for (let i = 0; i < numbers.length; i += 2) own.push({ file: where.file!, line: numbers[i], column: numbers[i + 1] });
      const at = onSource?.get(c.key) ?? (where.file === undefined ? undefined : own);
      return at?.length ? [[c.key, at]] : [];
    }),
  );
  const messages = Object.fromEntries(a.failed.map((c) => [c.key, failedCheckMessage(c)]));
  return {
    ...where,
    score: a.score,
    judged: a.judged,
    total: a.total,
    checks: statesOf(a.states),
    ...(Object.keys(places).length ? { places } : {}),
    ...(a.failed.length ? { messages } : {}),
  };
}

const summaryOf = (html: string) => pageSummary(analyseHtml(html, { url: 'https://site.example/p' }), html);

describe('check --local: what is held of a page until the report', () => {
  it('gives back the LocalPage field for field, in the order the report writes them', () => {
    const held = new HeldPages();
    for (const where of [
      { file: 'site/p/index.html' },
      { file: 'site/p/index.html', source: 'src/p.md' },
      { fetched: 'http://127.0.0.1:1/p' },
    ]) {
      const html = PAGE(3);
      const page = held.localPageOf(held.hold(where, summaryOf(html)));
      assert.deepEqual(page, expected(where, html));
      assert.equal(JSON.stringify(page), JSON.stringify(expected(where, html)));
    }
  });

  it('keeps the places on a source file as they were found, and falls back to the built file for the others', () => {
    const held = new HeldPages();
    const html = PAGE(2);
    const onSource = new Map<string, Occurrence[]>([
      ['image_keywords', [{ file: 'src/p.md', line: 4, column: 2 }]],
      ['title', []],
    ]);
    const where = { file: 'site/p/index.html', source: 'src/p.md' };
    const page = held.localPageOf(held.hold(where, summaryOf(html), onSource));
    assert.equal(JSON.stringify(page), JSON.stringify(expected(where, html, onSource)));
    assert.deepEqual(page.places?.image_keywords, [{ file: 'src/p.md', line: 4, column: 2 }]);
    assert.equal(page.places?.title, undefined, 'no place on the source, none shown');
  });

  it('holds a page without an analysis with its reason alone', () => {
    const held = new HeldPages();
    const where = { file: 'site/big.html', reason: 'too large' };
    assert.deepEqual(held.localPageOf(held.alone(where)), where);
  });

  it('shares the words of pages that fail alike, and a page past the shared sets holds its own', () => {
    const held = new HeldPages();
    const a = held.localPageOf(held.hold({ file: 'a.html' }, summaryOf(PAGE(2))));
    const b = held.localPageOf(held.hold({ file: 'b.html' }, summaryOf(PAGE(2))));
    const c = held.localPageOf(held.hold({ file: 'c.html' }, summaryOf(PAGE(3))));
    assert.ok(a.messages && a.messages === b.messages, 'one record for the same words');
    assert.notEqual(c.messages, a.messages, '3 images without alt text are other words');
    assert.ok(Object.isFrozen(a.messages));
    // 4,096 distinct sets are shared; the pages past them still say their own words.
    const images = (n: number): PageSummary => {
      const srcs = Array.from({ length: n }, (_, i) => `/${i}.png`);
      return {
        score: 50,
        judged: 1,
        total: 28,
        states: 'f',
        failed: [{ key: 'image_keywords', value: srcs, errors: { missing: srcs }, places: [] }],
      };
    };
    for (let n = 1; n <= 4200; n++) {
      const page = held.localPageOf(held.hold({ file: `p${n}.html` }, images(n)));
      assert.equal(page.messages?.image_keywords, `${n} images without alt text`.replace(/^1 images/, '1 image'));
    }
  });

  it('reads states letter by letter over the checks, leaving out what was not judged or is unknown', () => {
    const states = 'pf-x' + 'p'.repeat(CHECK_KEYS.length + 3);
    const record = statesOf(states);
    assert.equal(record[CHECK_KEYS[0]], 'passed');
    assert.equal(record[CHECK_KEYS[1]], 'failed');
    assert.equal(Object.hasOwn(record, CHECK_KEYS[2]), false);
    assert.equal(Object.hasOwn(record, CHECK_KEYS[3]), false);
    assert.equal(Object.keys(record).length, CHECK_KEYS.length - 2);
    assert.equal(statesOf(states), record, 'one record per distinct states');
  });
});
