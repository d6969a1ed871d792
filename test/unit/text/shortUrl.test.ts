import * as assert from 'node:assert/strict';
import { ROW_URL_CHARS, shortUrl } from '../../../core/text/shortUrl';

describe('shortUrl: a URL at a side bar row’s width', () => {
  it('drops https:// and keeps a short URL whole', () => {
    assert.equal(shortUrl('https://example.com/about'), 'example.com/about');
    assert.equal(shortUrl('http://example.com/about'), 'http://example.com/about');
  });

  it('keeps the host and the end of a long path, cut in the middle', () => {
    const short = shortUrl('https://www.example.com/blog/2024/05/a-very-long-article-title-about-things');
    assert.equal(Array.from(short).length, ROW_URL_CHARS);
    assert.ok(short.startsWith('www.example.com/'), short);
    assert.ok(short.endsWith('things'), short);
    assert.ok(short.includes('…'), short);
  });

  it('cuts a host too long to keep whole, and never splits a surrogate pair', () => {
    const long = `https://${'a'.repeat(100)}.example/${'😀'.repeat(30)}`;
    const short = shortUrl(long);
    assert.equal(Array.from(short).length, ROW_URL_CHARS);
    assert.ok(!/[\ud800-\udbff](?![\udc00-\udfff])/.test(short), 'no lone high surrogate');
    assert.ok(short.endsWith('😀'));
  });

  it('is bounded by its budget whatever the input', () => {
    assert.equal(Array.from(shortUrl('x'.repeat(1_000_000))).length, ROW_URL_CHARS);
  });
});
