// GitLab's Code Quality JSON (the fields GitLab's documentation requires) and the bounds of the
// GitHub comment body: a generated worst case stays under GitHub's 65,536-character limit.
import { strict as assert } from 'node:assert';
import { formatCodeQuality } from '../../../cli/formats/codequality';
import { pageChanges } from '../../../cli/github/changes';
import { commentBody, MARKER, MAX_COMMENT_CHARS } from '../../../cli/github/commentBody';
import { nextLink } from '../../../cli/github/githubApi';
import type { Baseline } from '../../../core/config/baseline';
import { summarize, UrlResult } from '../../../core/config/gateReport';

const report = (urls: UrlResult[]) => summarize(urls, { created: 0, rerun: 0, notChecked: [], skippedFiles: [] });
const bad: UrlResult = {
  url: 'https://bad.example.com/p',
  rating: 'bad',
  score: 30,
  reportId: 9,
  occurrences: [
    { file: 'docs/a.md', line: 3, column: 5 },
    { file: 'docs/a.md', line: 8, column: 1 },
  ],
  findings: [
    { level: 'error', rule: 'rating', message: 'Rated Bad (30).' },
    { level: 'warn', rule: 'check/title', message: 'Check "title" failed.' },
  ],
};

describe('cli: --format codequality', () => {
  it("has GitLab's documented fields on every issue: description, check_name, fingerprint, severity, location.path, location.lines.begin", () => {
    const issues = JSON.parse(formatCodeQuality(report([bad]), 'https://r.example/{id}')) as Record<string, unknown>[];
    assert.equal(issues.length, 4, 'one per finding per place');
    for (const issue of issues) {
      assert.equal(typeof issue.description, 'string');
      assert.equal(typeof issue.check_name, 'string');
      assert.match(issue.fingerprint as string, /^[0-9a-f]{64}$/);
      assert.ok(['info', 'minor', 'major', 'critical', 'blocker'].includes(issue.severity as string));
      const location = issue.location as { path: unknown; lines: { begin: unknown } };
      assert.equal(typeof location.path, 'string');
      assert.ok(Number.isInteger(location.lines.begin) && (location.lines.begin as number) >= 1);
    }
    assert.deepEqual(
      issues.map((i) => [i.severity, (i.location as { lines: { begin: number } }).lines.begin]),
      [
        ['major', 3],
        ['major', 8],
        ['minor', 3],
        ['minor', 8],
      ],
    );
    assert.match(issues[0].description as string, /Report: https:\/\/r\.example\/9$/);
    assert.equal(new Set(issues.map((i) => i.fingerprint)).size, 4, 'each place its own fingerprint');
    const again = JSON.parse(formatCodeQuality(report([bad]))) as { fingerprint: string }[];
    assert.deepEqual(
      again.map((i) => i.fingerprint),
      issues.map((i) => i.fingerprint),
      'stable from run to run',
    );
  });

  it('a line break in a value does not break the description', () => {
    const [issue] = JSON.parse(formatCodeQuality(report([{ ...bad, url: 'https://x.example/a\nb', findings: [bad.findings[0]] }]))) as {
      description: string;
    }[];
    assert.ok(!issue.description.includes('\n'));
  });
});

describe('cli: the GitHub comment body', () => {
  it('stays under the limit with thousands of changed pages and findings, the rest counted', () => {
    const long = 'x'.repeat(1_900);
    const urls: UrlResult[] = Array.from({ length: 3_000 }, (_, i) => ({ ...bad, url: `https://h${i}.example/${long}` }));
    const before: Baseline = new Map(
      urls.map((u) => [u.url, { rating: 'good' as const, score: 95, checks: { title: 'passed' as const } }]),
    );
    const now: Baseline = new Map(urls.map((u) => [u.url, { rating: 'bad' as const, score: 30, checks: { title: 'failed' as const } }]));
    const changes = pageChanges(before, now, new Map());
    assert.equal(changes.length, 3_000);
    const body = commentBody({ report: report(urls), changes, clean: (t) => t });
    assert.ok(body.length <= MAX_COMMENT_CHARS, `${body.length} characters`);
    assert.ok(body.length < 65_536);
    assert.ok(body.startsWith(`${MARKER}\n`));
    assert.match(body, /…and \d+ more changed page\(s\)\./);
    assert.match(body, /…and \d+ more row\(s\) of findings/);
  });

  it('no baseline: says so instead of the changes', () => {
    const body = commentBody({ report: report([bad]), changes: undefined, clean: (t) => t });
    assert.match(body, /No baseline was given/);
  });

  it('pageChanges: newly failing and fixed checks, a new page, unchanged pages left out', () => {
    const before: Baseline = new Map([
      ['https://a/', { rating: 'good', score: 90, checks: { h1: 'passed', title: 'failed' } }],
      ['https://same/', { rating: 'good', score: 90 }],
    ]);
    const now: Baseline = new Map([
      ['https://a/', { rating: 'good', score: 90, checks: { h1: 'failed', title: 'passed' } }],
      ['https://same/', { rating: 'good', score: 90.2 }],
      ['https://new/', { rating: 'bad', score: 10 }],
    ]);
    const changes = pageChanges(before, now, new Map());
    assert.deepEqual(
      changes.map((c) => [c.url, c.newlyFailing, c.fixed, c.before?.rating]),
      [
        ['https://a/', ['h1'], ['title'], 'good'],
        ['https://new/', [], [], undefined],
      ],
    );
  });

  it('nextLink reads rel="next" of a Link header', () => {
    assert.equal(nextLink('<https://api/x?page=2>; rel="next", <https://api/x?page=9>; rel="last"'), 'https://api/x?page=2');
    assert.equal(nextLink('<https://api/x?page=1>; rel="prev"'), undefined);
    assert.equal(nextLink(undefined), undefined);
  });
});
