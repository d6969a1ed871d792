// check --local reads the build folder's files as CI would meet them, through the built command
// line: real symbolic links (one out of the build folder but inside the checkout is not followed;
// one inside the folder is), and pages that are not UTF-8 (UTF-16 by its BOM is read; a file that
// cannot be read as a page is an error with its reason, never passed over).
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { project, removeProjects, runCli } from './runCli';

const PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
  '<title>A good page title of a fine length</title><meta name="description" content="A description of the page that is long enough for the check of descriptions, yes.">' +
  '</head><body><h1>A good page title of a fine length</h1><p>Some words of text on the page.</p></body></html>\n';

interface Json {
  urls: { url: string; rating: string; findings: { level: string; rule: string; message: string }[]; local?: { reason?: string } }[];
  summary: { errors: number; skippedFiles: { file: string; reason: string; message: string }[] };
}

async function localJson(cwd: string): Promise<{ code: number; json: Json; stdout: string; stderr: string }> {
  const run = await runCli(['check', '--local', '_site', '--format', 'json'], { cwd, env: {} });
  return { code: run.code, json: JSON.parse(run.stdout) as Json, stdout: run.stdout, stderr: run.stderr };
}

describe('cli: check --local reads only the build folder, and every page in it', function () {
  this.timeout(120_000);
  after(removeProjects);

  it('a link out of the build folder into the checkout is not followed (file or folder); a link inside the folder is', async () => {
    const secret = 'PRIVATE-DRAFT-TEXT';
    const cwd = await project({
      '_site/index.html': PAGE,
      '_site/real/page.html': PAGE,
      'private/drafts.html': `<html><head><title>${secret}</title></head><body>${secret}</body></html>`,
      'private/notes/secret.html': `<html><head><title>${secret}</title></head></html>`,
    });
    await fsp.symlink('../private/drafts.html', path.join(cwd, '_site/drafts.html'));
    await fsp.symlink('../private', path.join(cwd, '_site/priv'));
    await fsp.symlink('real/page.html', path.join(cwd, '_site/alias.html'));
    await fsp.symlink('real', path.join(cwd, '_site/also'));
    const { json, stdout, stderr } = await localJson(cwd);
    const urls = json.urls.map((u) => u.url);
    assert.ok(urls.includes('/alias.html') && urls.includes('/also/page.html'), urls.join(' '));
    assert.ok(!urls.some((u) => u.includes('drafts') || u.includes('priv')), urls.join(' '));
    assert.ok(!stdout.includes(secret) && !stderr.includes(secret));
    const outside = json.summary.skippedFiles.filter((n) => n.reason === 'outside-link').map((n) => n.file);
    assert.deepEqual(outside.sort(), ['_site/drafts.html', '_site/priv']);
  });

  it('a UTF-16 page (LE or BE, by its byte-order mark) is read and judged; a binary .html is an error "not-analysed" with its reason', async () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(PAGE, 'utf16le')]);
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(PAGE, 'utf16le').swap16()]);
    const binary = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), Buffer.from('IHDR')]);
    const cwd = await project({ '_site/le.html': le, '_site/be.html': be, '_site/image.html': binary, '_site/index.html': PAGE });
    const { code, json, stderr } = await localJson(cwd);
    const page = (url: string) => json.urls.find((u) => u.url === url);
    const good = page('/')!;
    for (const url of ['/le.html', '/be.html']) {
      assert.equal(page(url)?.rating, good.rating, `${url}: ${JSON.stringify(page(url))}`);
      assert.ok(!page(url)!.findings.some((f) => f.rule === 'not-analysed'), url);
    }
    const image = page('/image.html');
    assert.ok(image, `the binary page is not passed over: ${JSON.stringify(json.urls.map((u) => u.url))}`);
    assert.equal(image.findings[0].rule, 'not-analysed');
    assert.equal(image.findings[0].level, 'error');
    assert.match(image.local?.reason ?? '', /not text/);
    assert.equal(code, 1, stderr);
    assert.ok(!json.summary.skippedFiles.some((n) => n.file.endsWith('.html')), JSON.stringify(json.summary.skippedFiles));
  });

  it('a preview page sent with Content-Encoding: gzip whose body is not gzip is an error "not-analysed", not its raw bytes rated', async () => {
    const server = http.createServer((req, res) => {
      if (req.url === '/sitemap.xml') {
        const loc = (p: string) => `<url><loc>${origin}${p}</loc></url>`;
        res.writeHead(200, { 'content-type': 'application/xml' });
        return void res.end(
          `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${loc('/')}${loc('/raw')}</urlset>`,
        );
      }
      const gzip = req.url === '/' ? zlib.gzipSync(PAGE) : PAGE;
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzip);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const cwd = await project({ 'README.md': 'preview' });
      const run = await runCli(['check', '--local', origin, '--format', 'json'], { cwd, env: {} });
      const json = JSON.parse(run.stdout) as Json;
      const raw = json.urls.find((u) => u.url.endsWith('/raw'));
      assert.equal(raw?.findings[0]?.rule, 'not-analysed', run.stdout);
      assert.equal(raw?.findings[0]?.level, 'error');
      assert.match(raw?.local?.reason ?? '', /gzip/);
      const real = json.urls.find((u) => u.url === `${origin}/`);
      assert.ok(real && !real.findings.some((f) => f.rule === 'not-analysed'), run.stdout);
      assert.equal(run.code, 1, run.stderr);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
