// Ordinary pages of a given size for the local analysis's benchmark: a head, headings,
// paragraphs, links, images, a list, a table; deterministic per index, a mix of faults as a real
// site has them: images without alt (every page), no description (1 page in 4), a second h1
// (1 in 6), a link opening a new tab without rel (1 in 9).

const WORDS = ['page', 'report', 'check', 'site', 'title', 'content', 'search', 'engine', 'image', 'link', 'table', 'list'];

function words(seed: number, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(WORDS[(seed * 7 + i * 13) % WORDS.length]);
  return out.join(' ');
}

/** The i-th page, about `bytes` long. */
export function benchPage(i: number, bytes: number): string {
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page ${i}: ${words(i, 5)}</title>${i % 4 === 2 ? '' : `<meta name="description" content="${words(i, 12)}">`}<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="stylesheet" href="/site.css"><script src="/app.js" defer></script></head><body><header><nav><a href="/">Home</a> <a href="/blog/">Blog</a> <a href="https://twitter.com/acme">Twitter</a></nav></header><main><h1>Page ${i}</h1>`;
  const parts: string[] = [head];
  let size = head.length;
  for (let s = 0; size < bytes - 200; s++) {
    const section = `<section><h2>${words(i + s, 4)}</h2><p>${words(i * 3 + s, 60)} <a href="/p/${(i + s) % 1000}">more</a>${
      s === 2 && i % 9 === 8 ? ' <a href="https://example.org/" target="_blank">out</a>' : ''
    }</p>${s === 1 && i % 6 === 4 ? '<h1>Again</h1>' : ''}<img src="/img/${s}.png"${
      s % 5 === 0 ? '' : ` alt="${words(s, 3)}"`
    }><ul><li>${words(s, 6)}</li><li>${words(s + 1, 6)}</li></ul><table><tr><td>${s}</td><td>${words(s, 3)}</td></tr></table></section>`;
    parts.push(section);
    size += section.length;
  }
  parts.push('</main><footer><p>Contact: the team</p></footer></body></html>');
  return parts.join('\n');
}
