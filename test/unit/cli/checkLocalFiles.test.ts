// check --local reads the build folder's files as CI would meet them, through the built command
// line: real symbolic links (one out of the build folder but inside the checkout is not followed;
// one inside the folder is), and pages that are not UTF-8 (UTF-16 by its BOM is read; a file that
// cannot be read as a page is an error with its reason, never passed over).
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
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
});
