// A page judged from its HTML alone: the checks only the deployed page can answer are not judged,
// the score is over the judged ones, and each failure says where in the text it sits.
import { strict as assert } from 'node:assert';
import { AnalysisError } from '../../../core/analysis/analysisError';
import { CHECK_KEYS, judgedFrom } from '../../../core/analysis/checks';
import { analyseHtml, localResults, type LocalAnalysis, type LocalCheck } from '../../../core/analysis/localAnalysis';
import { MAX_PLACES_PER_CHECK } from '../../../core/analysis/places';

const FAULTY = `<!doctype html>
<html>
<head><title>Hi</title><meta name="robots" content="noindex"><script src="/app.js"></script></head>
<body>
<h1>Hi</h1>
<img src="/a.png"><img src="/b.png" alt="">
<a href="https://other.example/x" target="_blank">out</a>
<a href="https://other.example/y" target="_blank" rel="noopener">fine</a>
<center>old</center>
<p style="color: red">write to info@example.com, please</p>
<img src="http://cdn.example/c.png" alt="c">
</body>
</html>`;

function check(a: LocalAnalysis, key: string): LocalCheck {
  const c = a.checks.find((x) => x.key === key);
  assert.ok(c, key);
  return c;
}

const placed = (a: LocalAnalysis, key: string): string[] => check(a, key).places.map((p) => FAULTY.slice(p.start, p.end));

describe('analysis: a page judged from its HTML alone', () => {
  it('places each failure on the element that causes it', () => {
    const a = analyseHtml(FAULTY, { url: 'https://site.example/page' });
    assert.deepEqual(placed(a, 'image_keywords'), ['<img src="/a.png">']);
    assert.deepEqual(placed(a, 'title'), ['<title>Hi</title>']);
    assert.deepEqual(placed(a, 'language'), ['<html>']);
    assert.deepEqual(placed(a, 'unsafe_cross_origin_links'), ['<a href="https://other.example/x" target="_blank">']);
    assert.deepEqual(placed(a, 'deprecated_html_tags'), ['<center>']);
    assert.deepEqual(placed(a, 'inline_css'), ['<p style="color: red">']);
    assert.deepEqual(placed(a, 'plaintext_email'), ['info@example.com']);
    assert.deepEqual(placed(a, 'noindex'), ['<meta name="robots" content="noindex">']);
    assert.deepEqual(placed(a, 'defer_javascript'), ['<script src="/app.js">']);
    assert.deepEqual(placed(a, 'mixed_content'), ['<img src="http://cdn.example/c.png" alt="c">']);
    assert.deepEqual(placed(a, 'meta_description'), ['<head>'], 'a missing tag: the element it belongs in');
    assert.deepEqual(placed(a, 'headings'), ['<h1>Hi</h1>'], 'the h1 that repeats the title');
    for (const c of a.checks) if (c.passed !== false) assert.deepEqual(c.places, [], `${c.key}: no places unless failed`);
  });

  it('judges no check that only the deployed page answers; the score is over the judged ones', () => {
    const a = analyseHtml(FAULTY, { url: 'https://site.example/page' });
    const deployed = ['http_status', 'https_encryption', '404_page', 'load_time', 'server_signature'];
    assert.deepEqual(
      a.checks.filter((c) => !c.judged).map((c) => c.key),
      deployed,
    );
    for (const key of deployed) assert.equal(judgedFrom(key), 'deployed');
    for (const c of a.checks.filter((x) => !x.judged)) assert.deepEqual([c.passed, c.value, c.places], [null, null, []]);
    assert.deepEqual(
      a.checks.map((c) => c.key),
      CHECK_KEYS,
    );
    assert.equal(a.total, CHECK_KEYS.length);
    assert.equal(a.judged, CHECK_KEYS.length - deployed.length);
    const points = { high: 10, medium: 5, low: 0 };
    const judged = a.checks.filter((c) => c.judged);
    const total = judged.reduce((n, c) => n + points[c.importance], 0);
    const got = judged.filter((c) => c.passed).reduce((n, c) => n + points[c.importance], 0);
    assert.equal(a.score, (got / total) * 100);
    assert.deepEqual(
      Object.keys(localResults(a)),
      judged.map((c) => c.key),
      'the judged checks as a report record',
    );
  });

  it('without a URL, the checks that need one are not judged either, and links stay as written', () => {
    const a = analyseHtml(FAULTY);
    assert.equal(check(a, 'seo_friendly_url').judged, false);
    assert.equal(check(a, 'mixed_content').judged, false);
    assert.equal(a.judged, CHECK_KEYS.length - 7);
    assert.equal(a.url, undefined);
    assert.deepEqual(check(a, 'image_keywords').errors, { missing: [{ url: '/a.png', text: '' }] });
    const links = check(a, 'in_page_links').value as { Internals?: unknown[]; Externals?: unknown[] };
    assert.equal(links.Internals, undefined, 'no relative link on this page');
    assert.equal(links.Externals?.length, 2);
  });

  it(`keeps at most ${MAX_PLACES_PER_CHECK} places per check, the first ones`, () => {
    const html = `<html lang="en"><body>${'<img src=x>'.repeat(MAX_PLACES_PER_CHECK * 3)}</body></html>`;
    const places = check(analyseHtml(html), 'image_keywords').places;
    assert.equal(places.length, MAX_PLACES_PER_CHECK);
    assert.deepEqual(places[0], { start: html.indexOf('<img'), end: html.indexOf('<img') + '<img src=x>'.length });
  });

  it('a start tag with ">" in a quoted attribute ends at its own ">"', () => {
    const html = '<html lang="en"><body><a href="https://o.example/" title="a > b" target="_blank">x</a></body></html>';
    const [p] = check(analyseHtml(html), 'unsafe_cross_origin_links').places;
    assert.equal(html.slice(p.start, p.end), '<a href="https://o.example/" title="a > b" target="_blank">');
  });

  it('refuses a URL that is not an absolute http(s) URL, with the reason', () => {
    for (const url of ['not a url', 'file:///etc/passwd', '/relative']) {
      assert.throws(
        () => analyseHtml('<p>x</p>', { url }),
        (e: unknown) => e instanceof AnalysisError && /invalid URL/.test(e.reason),
      );
    }
  });
});
