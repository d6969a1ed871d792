// The URLs a confirmation names: the first five, one a line, then how many more (in words that
// count: "1 more", "3 more"); each made plain (no link, icon or hidden character can form).
import * as assert from 'node:assert/strict';
import { namedUrls } from '../../../core/text/urlList';

describe('text: the URLs a question names', () => {
  const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://e.example/p${i + 1}`);
  it('names all of up to five', () => {
    assert.equal(namedUrls(urls(2)), '• https://e.example/p1\n• https://e.example/p2');
  });
  it('names five, then counts the rest, singular and plural', () => {
    assert.match(namedUrls(urls(6)), /p5\n… and 1 more$/);
    assert.match(namedUrls(urls(9)), /p5\n… and 4 more$/);
    assert.equal(namedUrls(urls(9)).split('\n').length, 6);
  });
  it('makes each URL plain text', () => {
    assert.doesNotMatch(namedUrls(['https://e.example/$(alert)[x](command:evil)']), /\$\(alert\)|\]\(command:/);
  });
});
