// A record keeps the first items of each list of an analysis and the true count beside them, so a
// page of 130,000 images makes a record of kilobytes, not megabytes, in both shapes.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { evaluate, extractFacts } from '../../../service/analyze';
import { LIST_ITEMS, RECORD_BYTES, TEXT_CHARS } from '../../../core/analysis/resultsBudget';
import type { RunningService } from '../../../service/server';
import { SHAPES, toPublic } from '../../../service/shape';
import type { StoredReport } from '../../../service/types';
import { MAX_URL_LENGTH } from '../../../service/validate';
import { call, start, tempDir } from './helpers';
import { MANY_IMAGES, startHostileServer, type HostileServer } from './hostilePages';
import { storedRecords } from './storedRecords';

/** What the client reads of one answer at most (core/client/client.ts, maxResponseBytes). */
const CLIENT_READS = 8 * 1024 * 1024;
const bytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), 'utf8');

describe('service: analysis records stay within their budget', () => {
  let pages: HostileServer;
  let dir: string;
  let svc: RunningService;
  before(async () => {
    pages = await startHostileServer({ '/images': MANY_IMAGES });
    dir = await tempDir();
    svc = await start({ shape: 'real', dataFile: path.join(dir, 'reports.db') });
  });
  after(async () => {
    await svc.close();
    await pages.close();
    await fsp.rm(dir, { recursive: true, force: true });
  });

  it(`130,000 <img>: the stored record stays under ${RECORD_BYTES / 1024} KiB and carries the true count`, async () => {
    const res = await call(svc, 'POST', '/api/v1/reports', { form: { url: `${pages.url}/images` } });
    assert.equal(res.status, 201, res.text.slice(0, 300));
    const [stored] = storedRecords(path.join(dir, 'reports.db'));
    assert.ok(bytes(stored) < RECORD_BYTES, `${bytes(stored)} bytes`);

    const results = res.body.data.results;
    const requests = results.http_requests.value;
    assert.equal(requests.Images.length, LIST_ITEMS);
    assert.equal(requests.Images_count, 130_000);
    assert.deepEqual(requests.Images.slice(0, 2), [`${pages.url}/0`, `${pages.url}/1`], 'the first ones, in page order');
    assert.equal(results.http_requests.passed, false, 'the verdict counts them all');
    assert.equal(results.image_keywords.errors.missing.length, LIST_ITEMS);
    assert.equal(results.image_keywords.errors.missing_count, 130_000);
  });

  it('the plain shape carries the same counts (value and value_count)', async () => {
    const svcPlain = await start({ shape: 'plain' });
    try {
      const res = await call(svcPlain, 'POST', '/api/v1/reports', { form: { url: `${pages.url}/images` } });
      assert.equal(res.status, 201);
      const check = (key: string) => res.body.data.results.find((c: { key: string }) => c.key === key);
      assert.equal(check('http_requests').value.Images_count, 130_000);
      assert.equal(check('http_requests').value.Images.length, LIST_ITEMS);
    } finally {
      await svcPlain.close();
    }
  });

  it('a generated worst case (every list full of long, escape-heavy URLs and texts) stays under the budget', () => {
    const nasty = (i: number): string => `${'\u0001"\\'.repeat(TEXT_CHARS)}${i}`; // 6 JSON bytes per control character
    const href = (i: number): string => `https://h.example/${nasty(i)}`;
    const parts: string[] = ['<html lang="en"><head><title>', 'x'.repeat(50_000), '</title>'];
    parts.push(`<meta name="description" content='${nasty(0)}'>`);
    for (let i = 0; i < 300; i++) {
      parts.push(`<link rel="stylesheet" href='${href(i)}'><script src='http://h.example/${nasty(i)}'></script>`);
    }
    parts.push('</head><body>');
    for (let i = 0; i < 300; i++) {
      parts.push(
        `<h${(i % 6) + 1}>${nasty(i)}</h${(i % 6) + 1}>`,
        `<a href='${href(i)}'>${nasty(i)}</a>`,
        `<a href='/in/${nasty(i)}'>${nasty(i)}</a>`,
        `<a target="_blank" href='https://twitter.com/${nasty(i)}'>${nasty(i)}</a>`,
        `<img src='http://h.example/${nasty(i)}'>`,
        `<iframe src='http://h.example/${nasty(i)}'></iframe>`,
        `<p style='${nasty(i)}'>${nasty(i)} a${i}@mail.example</p>`,
      );
    }
    parts.push('</body></html>');
    const html = parts.join('');
    const url = `https://h.example/${'p'.repeat(MAX_URL_LENGTH - 20)}`;
    const analysis = evaluate(
      extractFacts({ url, status: 200, headers: { server: nasty(1) }, html, responseTimeMs: 1, bytes: html.length }),
    );
    const record = {
      id: Number.MAX_SAFE_INTEGER,
      url,
      project: 'h.example',
      result: analysis.result,
      score: analysis.score,
      privacy: 2,
      generated_at: new Date().toISOString(),
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      results: analysis.results,
      passwordHash: `scrypt$16384$${'s'.repeat(24)}$${'h'.repeat(44)}`,
    };
    assert.ok(bytes(record) < RECORD_BYTES, `${bytes(record)} bytes`);
    for (const shape of SHAPES) {
      const page = bytes({ data: Array.from({ length: 100 }, () => toPublic(record as StoredReport, shape)) });
      assert.ok(page < CLIENT_READS, `a list page of 100 such records, ${shape} shape: ${page} bytes`);
    }
    const links = analysis.results.in_page_links.value as Record<string, unknown>;
    assert.equal(links.Internals_count, 600, 'cut, and counted');
    assert.equal(links.Externals_count, 300, 'cut, and counted');
  });
});
