// A page's local analysis in words and places: an HTML file's failed checks at the analysis's
// offsets, a page source's where the service's findings go, the CodeLens's comparison with the
// published report (only checks judged on both sides count), and the checks left for after deploy.
import { strict as assert } from 'node:assert';
import { analyseHtml } from '../../../core/analysis/localAnalysis';
import {
  afterDeployWords,
  checkedFilesWords,
  htmlFindings,
  localLensWords,
  localScoreWords,
  localSourceFindings,
  MAX_HTML_FINDINGS,
  type LocalCheckResult,
  type LocalResult,
} from '../../../core/sources/localFindings';

function check(
  key: string,
  passed: boolean | null,
  places: { start: number; end: number }[] = [],
  errors?: Record<string, unknown>,
): LocalCheckResult {
  return {
    key,
    judged: passed !== null,
    passed,
    importance: 'high',
    value: null,
    places,
    ...(passed === false ? { errors: errors ?? { missing: null } } : {}),
  };
}

function result(score: number, checks: LocalCheckResult[]): LocalResult {
  return { score, judged: checks.filter((c) => c.judged).length, total: checks.length, checks };
}

const LOCAL = result(87.4, [
  check('title', true),
  check('meta_description', true),
  check('image_keywords', false, [
    { start: 40, end: 58 },
    { start: 70, end: 90 },
  ]),
  check('language', false, [{ start: 0, end: 6 }]),
  check('headings', false),
  check('http_status', null),
  check('https_encryption', null),
]);

describe('localFindings: a local analysis as findings and words', () => {
  it('puts each failed judged check at each of its places, and at the start when it has none', () => {
    const findings = htmlFindings(LOCAL);
    assert.deepEqual(
      findings.map((f) => [f.check, f.start, f.end]),
      [
        ['image_keywords', 40, 58],
        ['image_keywords', 70, 90],
        ['language', 0, 6],
        ['headings', 0, 0],
      ],
    );
    assert.match(findings[0].message, /image keywords/i);
    assert.equal(findings[0].severity, 'info', 'a page rated good: information, as on page sources');
  });

  it('follows the config’s rules: off hides a check, a level sets its severity', () => {
    const findings = htmlFindings(LOCAL, (key) => (key === 'language' ? 'off' : key === 'headings' ? 'error' : undefined));
    assert.deepEqual(
      findings.map((f) => [f.check, f.severity]),
      [
        ['image_keywords', 'info'],
        ['image_keywords', 'info'],
        ['headings', 'error'],
      ],
    );
  });

  it('keeps an HTML file’s findings within the budget, however many places a generated page has', () => {
    const many = Array.from({ length: 40 }, (_, i) =>
      check(
        `check_${i}`,
        false,
        Array.from({ length: 100 }, (_, j) => ({ start: j, end: j + 1 })),
      ),
    );
    assert.equal(htmlFindings(result(10, many)).length, MAX_HTML_FINDINGS);
  });

  it('places a page source’s findings as the service’s are: the title on the front-matter line', () => {
    const local = result(50, [check('title', false, [{ start: 5, end: 9 }]), check('language', false)]);
    const findings = localSourceFindings(local, '---\ntitle: Hi\n---\n\nText\n');
    assert.deepEqual(
      findings.map((f) => [f.check, f.line]),
      [
        ['title', 1],
        ['language', 0],
      ],
    );
  });

  it('reads the CodeLens: local beside published, checks fixed and newly failing over the checks judged on both sides', () => {
    const published = {
      score: 73,
      results: {
        title: { passed: true },
        meta_description: { passed: false },
        headings: { passed: false },
        image_keywords: { passed: true },
        language: { passed: false },
        https_encryption: { passed: false }, // judged only after deploy: in neither count
      },
    };
    assert.equal(localLensWords(LOCAL, published), 'Local 87 · published 73 (+14): 1 check fixed, 1 newly failing');
    assert.equal(
      localLensWords(result(80, [check('title', true)]), { score: 80, results: { title: { passed: true } } }),
      'Local 80 · published 80 (0): no check changed',
    );
  });

  it('says the local score’s base and the checks after deploy without a published report', () => {
    assert.equal(localLensWords(LOCAL), 'Local 87 (5 of 7 checks judged locally)');
    assert.equal(localScoreWords(LOCAL), '5 of 7 checks judged locally');
    assert.equal(afterDeployWords(LOCAL), 'Checked after deploy: HTTP status, HTTPS encryption');
    assert.equal(afterDeployWords(result(100, [check('title', true)])), undefined);
  });

  it('shows an untrusted check key plain', () => {
    const findings = htmlFindings(result(10, [check('x\u202e[link](http://evil)', false)]));
    assert.doesNotMatch(findings[0].check, /\u202e/);
  });

  it('places the real analysis’s failures on the elements that cause them', () => {
    const html = [
      '<!doctype html>',
      '<html>',
      '<head><meta charset="utf-8"><title>Our little shop of hand-made things</title></head>',
      '<body><h1>Things</h1>',
      '<center>Welcome!</center>',
      '<img src="cup.jpg">',
      '<a href="https://example.org/" target="_blank">Friends</a>',
      '</body></html>',
    ].join('\n');
    const analysis = analyseHtml(html);
    const at = (key: string) =>
      htmlFindings(analysis)
        .filter((f) => f.check === key)
        .map((f) => html.slice(f.start, f.end));
    assert.deepEqual(at('image_keywords'), ['<img src="cup.jpg">']);
    assert.deepEqual(at('language'), ['<html>']);
    assert.deepEqual(at('unsafe_cross_origin_links'), ['<a href="https://example.org/" target="_blank">']);
    assert.deepEqual(at('deprecated_html_tags'), ['<center>']);
    assert.equal(at('https_encryption').length, 0, 'a check only the deployed page answers is no finding');
    assert.match(localLensWords(analysis), /^Local \d+ \(\d+ of \d+ checks judged locally\)$/);
  });
});

describe('local checks: the summary of Check Locally', () => {
  const words = (files: number, problems: number, withProblems: number, refused = 0, skipped = 0) =>
    checkedFilesWords({ files, problems, withProblems, refused, skipped }, 1000);

  it('says each count in its singular or plural, after the product’s name', () => {
    assert.equal(words(1, 6, 1), 'Website Reports: checked 1 HTML file locally: 6 Problems.');
    assert.equal(words(1, 1, 1), 'Website Reports: checked 1 HTML file locally: 1 Problem.');
    assert.equal(words(1, 0, 0), 'Website Reports: checked 1 HTML file locally: no Problems.');
    assert.equal(words(3, 1, 1), 'Website Reports: checked 3 HTML files locally: 1 Problem in 1 file.');
    assert.equal(words(3, 6, 1), 'Website Reports: checked 3 HTML files locally: 6 Problems in 1 file.');
    assert.equal(words(3, 6, 2), 'Website Reports: checked 3 HTML files locally: 6 Problems in 2 files.');
    assert.equal(words(0, 0, 0), 'Website Reports: no HTML files to check here.');
    assert.equal(
      words(2, 0, 0, 1, 1),
      'Website Reports: checked 2 HTML files locally: no Problems. 1 could not be analysed (see its CodeLens). 1 more was not checked (at most 1000 at a time).',
    );
    assert.match(words(5, 0, 0, 2, 3), /2 could not be analysed \(see their CodeLens\)\. 3 more were not checked/);
  });
});
