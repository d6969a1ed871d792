// check --local on a build folder, as CI runs it: a child process of the built command line, no
// service and no key. Which pages (every .html, or what the folder's sitemap lists), their names,
// a hostile file name, a page too large (its reason, not a crash), every format, the baseline and
// the exit codes, and the findings placed on the page's source file (sources) or its built file.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { FORMATS } from '../../../cli/args';
import { project, removeProjects, runCli } from './runCli';

const GOOD =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
  '<title>A good page title of a fine length</title><meta name="description" content="A description of the page that is long enough for the check of descriptions, yes.">' +
  '</head><body><h1>A good page title of a fine length</h1><p>Some words of text on the page.</p></body></html>\n';
/** Faults on known lines: the <img> without alt on line 4, the <center> on line 5. */
const BAD = '<html>\n<head><title>x</title></head>\n<body>\n<img src="/a.png">\n<center>old</center>\n</body></html>\n';

interface Json {
  version: string;
  urls: {
    url: string;
    rating: string;
    occurrences: { file: string; line: number }[];
    findings: { level: string; rule: string; message: string; places?: { file: string; line: number; column: number }[] }[];
    local?: { file?: string; score?: number; reason?: string; checks?: Record<string, string> };
  }[];
  summary: { errors: number; skippedFiles: { file: string; reason: string; message: string }[] };
}

const RULES = { rules: [{ match: '**', checks: { image_keywords: 'error', deprecated_html_tags: 'warn', title: 'warn' } }] };

/** `check --local _site --format json` in `cwd`: its report, the exit code asserted when given. */
async function localJson(cwd: string, code?: number): Promise<Json> {
  const run = await runCli(['check', '--local', '_site', '--format', 'json'], { cwd, env: {} });
  if (code !== undefined) assert.equal(run.code, code, run.stderr);
  return JSON.parse(run.stdout) as Json;
}

describe('cli: check --local on a build folder', function () {
  this.timeout(120_000);
  after(removeProjects);

  it('rates every .html/.htm page, nested, named by its path; no key and no service needed', async () => {
    const cwd = await project({
      '_site/index.html': GOOD,
      '_site/blog/x/index.html': BAD,
      '_site/about.htm': GOOD,
      '_site/style.css': 'body{}',
      '_site/a/b/c/d/deep.html': GOOD,
    });
    const json = await localJson(cwd, 1);
    assert.deepEqual(
      json.urls.map((u) => u.url),
      ['/', '/a/b/c/d/deep.html', '/about.htm', '/blog/x/'],
    );
    const bad = json.urls.find((u) => u.url === '/blog/x/')!;
    assert.equal(bad.rating, 'bad');
    assert.deepEqual(bad.occurrences, [{ file: '_site/blog/x/index.html', line: 1, column: 1 }]);
    assert.equal(bad.local?.checks?.image_keywords, 'failed');
    assert.equal(json.urls.find((u) => u.url === '/')!.rating, 'good');
  });

  it('names the pages of "preview.dir" on the site, and places a failed check on the element of the built file', async () => {
    const cwd = await project({
      'website-reports.json': JSON.stringify({
        ...RULES,
        preview: { dir: '_site' },
        sources: [{ url: 'https://example.com/{page}/', file: 'content/{page}.md' }],
      }),
      '_site/blog/x/index.html': BAD,
    });
    const json = await localJson(cwd);
    assert.equal(json.urls[0].url, 'https://example.com/blog/x/');
    assert.equal(json.urls[0].local?.checks?.seo_friendly_url, 'passed', 'analysed with its URL');
    const img = json.urls[0].findings.find((f) => f.rule === 'check/image_keywords')!;
    assert.equal(img.level, 'error');
    assert.deepEqual(img.places, [{ file: '_site/blog/x/index.html', line: 4, column: 1 }]);
    const center = json.urls[0].findings.find((f) => f.rule === 'check/deprecated_html_tags')!;
    assert.deepEqual(center.places, [{ file: '_site/blog/x/index.html', line: 5, column: 1 }]);
  });

  it('SARIF and Code Quality: on the source file where "sources" maps the page (the title on its front matter line)', async () => {
    const cwd = await project({
      'website-reports.json': JSON.stringify({
        ...RULES,
        sources: [{ url: 'https://example.com/blog/{slug}/', file: 'content/{slug}.md' }],
      }),
      'content/x.md': '---\ntitle: x\n---\nBody.\n',
      '_site/blog/x/index.html': BAD,
      '_site/other.html': BAD,
    });
    const sarif = JSON.parse((await runCli(['check', '--local', '_site', '--format', 'sarif'], { cwd, env: {} })).stdout);
    const where = (r: {
      ruleId: string;
      message: { text: string };
      locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[];
    }) =>
      `${r.message.text.split(':')[0] + ':' + r.message.text.split(':')[1]} ${r.ruleId} ${r.locations[0].physicalLocation.artifactLocation.uri}:${r.locations[0].physicalLocation.region.startLine}`;
    const lines = sarif.runs[0].results.map(where).sort();
    assert.ok(lines.includes('https://example.com/blog/x/ check/title content/x.md:2'), lines.join('\n'));
    assert.ok(lines.includes('https://example.com/blog/x/ rating content/x.md:1'), lines.join('\n'));
    // No source file makes it, and the folder is not preview.dir: named by its path, on the built file, at the element.
    assert.ok(lines.includes('/other.html: 1 image without alt text check/image_keywords _site/other.html:4'), lines.join('\n'));
    const cq = JSON.parse((await runCli(['check', '--local', '_site', '--format', 'codequality'], { cwd, env: {} })).stdout);
    const title = cq.find(
      (i: { check_name: string; location: { path: string } }) =>
        i.check_name === 'website-reports/check/title' && i.location.path === 'content/x.md',
    );
    assert.equal(title?.location.lines.begin, 2);
  });

  it('with a sitemap.xml in the folder, only the pages it lists; a listed page without a file is said', async () => {
    const cwd = await project({
      '_site/sitemap.xml':
        '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
        '<url><loc>https://example.com/</loc></url><url><loc>https://example.com/about</loc></url><url><loc>https://example.com/gone/</loc></url></urlset>',
      '_site/index.html': GOOD,
      '_site/about.html': GOOD,
      '_site/draft.html': BAD,
    });
    const json = await localJson(cwd, 0);
    assert.deepEqual(
      json.urls.map((u) => u.url),
      ['/', '/about.html'],
    );
    assert.ok(json.summary.skippedFiles.some((n) => n.file === '/gone' && n.reason === 'not-found'));
  });

  it('a folder sitemap index goes through the one sitemap walk: an index that lists itself is read once, one nested too deep is said', async () => {
    const index = (children: string[]) =>
      '<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
      children.map((c) => `<sitemap><loc>https://example.com/${c}</loc></sitemap>`).join('') +
      '</sitemapindex>';
    const urls = (paths: string[]) =>
      '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
      paths.map((p) => `<url><loc>https://example.com/${p}</loc></url>`).join('') +
      '</urlset>';
    const cwd = await project({
      '_site/sitemap.xml': index(['sitemap.xml', 'pages.xml', 'd1.xml']),
      '_site/pages.xml': urls(['about']),
      '_site/d1.xml': index(['d2.xml']),
      '_site/d2.xml': index(['d3.xml']),
      '_site/d3.xml': index(['d4.xml']),
      '_site/d4.xml': urls(['draft']),
      '_site/about.html': GOOD,
      '_site/draft.html': BAD,
    });
    const json = await localJson(cwd, 0);
    assert.deepEqual(
      json.urls.map((u) => u.url),
      ['/about.html'],
    );
    const said = json.summary.skippedFiles.map((n) => `${n.file}: ${n.message}`).join('\n');
    assert.equal(json.summary.skippedFiles.filter((n) => n.file === '_site/sitemap.xml' && /already read/.test(n.message)).length, 1, said);
    assert.ok(
      json.summary.skippedFiles.some((n) => n.file === '_site/d4.xml' && /levels deep/.test(n.message)),
      said,
    );
  });

  it('a hostile file name stays one line in text and is a valid URI in SARIF; a page too large is an error with its reason', async () => {
    const cwd = await project({
      '_site/a\nb \u001b[31mred.html': BAD,
      '_site/huge.html': `<html><body>${'<p>x</p>'.repeat(300_000)}</body></html>`,
      '_site/huger.html': `<html><body>${'x'.repeat(5 * 1024 * 1024)}</body></html>`,
    });
    const text = await runCli(['check', '--local', '_site'], { cwd, env: {} });
    assert.equal(text.code, 1, text.stderr);
    assert.ok(!text.stdout.includes('\u001b'), 'no escape sequence reaches the terminal');
    const lines = text.stdout.split('\n');
    const red = lines.filter((l) => l.includes('red.html'));
    assert.ok(red.length > 1 && red.every((l) => l.startsWith('_site/a b ')), text.stdout);
    const json = await localJson(cwd);
    for (const name of ['/huge.html', '/huger.html']) {
      const page = json.urls.find((u) => u.url === name)!;
      assert.equal(page.findings[0].rule, 'not-analysed');
      assert.equal(page.findings[0].level, 'error');
      assert.match(page.local?.reason ?? '', /larger than|too large|bytes|MiB|MB/i, page.local?.reason);
    }
    const sarif = JSON.parse((await runCli(['check', '--local', '_site', '--format', 'sarif'], { cwd, env: {} })).stdout);
    const uris = sarif.runs[0].results.map(
      (r: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) =>
        r.locations[0].physicalLocation.artifactLocation.uri,
    );
    assert.ok(uris.includes('_site/a%0Ab%20%1B%5B31mred.html'), uris.join('\n'));
  });

  it('every format; a baseline: only regressions are errors, and --update-baseline writes it (exit 0)', async () => {
    const cwd = await project({ 'website-reports.json': JSON.stringify(RULES), '_site/index.html': GOOD, '_site/bad.html': BAD });
    for (const format of FORMATS) {
      const run = await runCli(['check', '--local', '_site', '--format', format], { cwd, env: {} });
      assert.equal(run.code, 1, `${format}: ${run.stderr}`);
      assert.ok(run.stdout.length > 0, format);
      if (format !== 'text' && format !== 'markdown' && format !== 'junit') JSON.parse(run.stdout);
    }
    const write = await runCli(['check', '--local', '_site', '--baseline', 'baseline.json', '--update-baseline'], { cwd, env: {} });
    assert.equal(write.code, 0, write.stderr);
    const base = JSON.parse(await fsp.readFile(path.join(cwd, 'baseline.json'), 'utf8'));
    assert.equal(base.urls['/bad.html'].checks.image_keywords, 'failed');
    // The same pages against their baseline: nothing regressed, the rules' errors are warnings.
    const same = await runCli(['check', '--local', '_site', '--baseline', 'baseline.json', '--format', 'json'], { cwd, env: {} });
    assert.equal(same.code, 0, same.stderr);
    // The good page breaks: its regression is an error.
    await fsp.writeFile(path.join(cwd, '_site/index.html'), GOOD.replace('<img', '').replace('<p>', '<p><img src="/x.png">'));
    const broke = await runCli(['check', '--local', '_site', '--baseline', 'baseline.json', '--format', 'json'], { cwd, env: {} });
    assert.equal(broke.code, 1, broke.stderr);
    const json = JSON.parse(broke.stdout) as Json;
    assert.ok(json.urls.find((u) => u.url === '/')!.findings.some((f) => f.rule === 'regression/check/image_keywords'));
  });

  it('refuses what --local cannot do: not a folder, --create-missing, --compare without --local (exit 2)', async () => {
    const cwd = await project({ 'a.txt': 'x' });
    for (const args of [
      ['check', '--local', 'nothing-here'],
      ['check', '--local', '_site', '--create-missing'],
      ['check', '--compare'],
      ['check', '--local', '.', '--shard', '5/4'],
      ['check', '--local', 'http://user:pw@127.0.0.1:9/'],
    ]) {
      const run = await runCli(args, { cwd, env: {} });
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stdout}`);
      assert.match(run.stderr, /website-reports: /);
    }
  });
});
