// The key out of a judged report before any format writes it: every text that holds it in any form
// is redacted, and a report that holds it nowhere is written as it is (not copied record by record).
import { strict as assert } from 'node:assert';
import { redactorFor } from '../../../core/client/redact';
import { redactReport, summarize, UrlResult } from '../../../core/config/gateReport';

const KEY = 'k3y~secret!';
const clean = redactorFor(KEY);

function result(i: number, text = ''): UrlResult {
  return {
    url: `https://site.example/page/${i}${text}`,
    rating: 'bad',
    score: 10,
    occurrences: [{ file: `docs/page-${i}.md`, line: i + 1, column: 3 }],
    findings: [{ level: 'error', rule: 'rating', message: `Rated Bad (10); failing: Title${text}.` }],
  };
}

function report(urls: UrlResult[], notChecked: string[] = []) {
  return summarize(urls, {
    created: 0,
    rerun: 0,
    notChecked,
    skippedFiles: [{ file: 'big.md', reason: 'too-large', message: 'too large' }],
  });
}

/** Every text of the report, JSON-encoded: what a format could write. */
const written = (r: unknown) => JSON.stringify(r);

describe('cli: the key out of a judged report', () => {
  it('a report that holds the key nowhere is the same report, not a copy', () => {
    const plain = report([result(1), result(2), result(3)], ['https://down.example/']);
    assert.equal(redactReport(plain, clean), plain);
  });

  it('each form of the key is redacted wherever it is; the other records are kept as they are', () => {
    const forms = [KEY, encodeURIComponent(KEY), new URLSearchParams({ k: KEY }).toString().slice(2)];
    for (const form of forms) {
      const urls = [result(1), result(2, `?key=${form}`), result(3)];
      urls[2].findings.push({
        level: 'note',
        rule: `check/${form}`,
        message: `Check "${form}" failed.`,
        places: [{ file: `src/${form}.njk`, line: 1, column: 1 }],
      });
      urls[2].occurrences.push({ file: `docs/${form}.md`, line: 1, column: 1 });
      urls[2].compare = { fixed: [form], newlyFailing: ['Title'], words: `73 → 87: ${form}` };
      const before = written(urls);
      const out = redactReport(report(urls, [`https://down.example/?k=${form}`]), clean);
      const text = written(out);
      assert.ok(!text.includes(form), `${form} left in ${text}`);
      assert.ok(!text.includes('secret'), text);
      assert.equal((text.match(/\[redacted\]/g) ?? []).length, 9, text);
      assert.equal(out.urls[0], urls[0], 'a record without the key is not copied');
      assert.notEqual(out.urls[1], urls[1]);
      assert.equal(out.urls[1].occurrences, urls[1].occurrences, 'its places, which hold no key, neither');
      assert.equal(out.urls[2].findings[0], urls[2].findings[0]);
      assert.deepEqual(out.urls[2].compare?.newlyFailing, ['Title']);
      assert.equal(out.summary.skippedFiles[0].file, 'big.md');
      assert.equal(written(urls), before, 'the report given is not changed');
    }
  });
});
