// Generated pages for the proof that the local analysis and the service are one analyser: varied
// enough to pass and fail every check judged from the HTML (titles of every length, the h1 equal
// to the title or not, images with and without alt, links of every kind and count, scripts,
// styles, deprecated tags, e-mails, entities, comments, unclosed tags, long texts).
import * as fc from 'fast-check';

const word = fc.constantFrom('page', 'report', 'check', 'Über', 'straße', 'café', 'news', 'blog', 'x', '42', 'a_b', 'déjà');
const text = fc.array(word, { minLength: 0, maxLength: 12 }).map((w) => w.join(' '));
const longText = fc.integer({ min: 0, max: 700 }).map((n) => Array.from({ length: n }, (_, i) => `word${i % 37}`).join(' '));
const href = fc.constantFrom(
  '/internal',
  'relative/page',
  '#top',
  '',
  'https://other.example/x',
  'https://twitter.com/acme',
  'https://www.facebook.com/acme',
  'http://insecure.example/y',
  'mailto:someone@example.com',
);

const bodyPart = fc.oneof(
  text.map((t) => `<p>${t}</p>`),
  longText.map((t) => `<div>${t}</div>`),
  text.map((t) => `<h1>${t}</h1>`),
  text.map((t) => `<h2>${t}</h2>`),
  fc
    .record({ src: fc.constantFrom('/a.png', 'http://cdn.example/b.png', ''), alt: fc.constantFrom(undefined, '', 'an image') })
    .map(({ src, alt }) => `<img src="${src}"${alt === undefined ? '' : ` alt="${alt}"`}>`),
  fc
    .record({
      href,
      blank: fc.boolean(),
      rel: fc.constantFrom('', 'noopener', 'nofollow', 'noreferrer'),
      t: text,
      n: fc.constantFrom(1, 1, 2, 160),
    })
    .map(({ href: h, blank, rel, t, n }) =>
      `<a href="${h}"${blank ? ' target="_blank"' : ''}${rel ? ` rel="${rel}"` : ''}>${t}</a>`.repeat(n),
    ),
  fc
    .record({ src: fc.constantFrom('/app.js', 'http://cdn.example/lib.js', ''), mode: fc.constantFrom('', ' defer', ' async') })
    .map(({ src, mode }) => `<script${src ? ` src="${src}"` : ''}${mode}>var a = "<div>";</script>`),
  fc.constantFrom('http://cdn.example/s.css', '/s.css').map((h) => `<link rel="stylesheet" href="${h}">`),
  fc.constantFrom('<center>c</center>', '<font size=2>f</font>', '<tt>t</tt>', '<strike>s</strike>'),
  text.map((t) => `<span style="color: red">${t}</span>`),
  fc.constantFrom('write to info@example.com.', 'mail a&#64;b.example', 'me@x.io, you@y.io', 'not@mail'),
  fc.constantFrom(
    '<!-- a comment <div> -->',
    '<b>bold',
    '<ul><li>a<li>b</ul>',
    '&amp; &lt;tag&gt; &nbsp;',
    '<iframe src="/frame"></iframe>',
  ),
  fc.constantFrom('<svg style="x"><circle/></svg>', '<pre>  keep   spaces </pre>', '<noscript>no script</noscript>'),
);

const headPart = fc.oneof(
  fc
    .constantFrom('', 'Short', 'A title of a good length', 'A title that goes on and on well beyond the sixty characters allowed')
    .map((t) => `<title>${t}</title>`),
  text.map((t) => `<meta name="description" content="${t}">`),
  fc.constantFrom(
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta charset="utf-8">',
    '<meta http-equiv="content-type" content="text/html; charset=utf-8">',
    '<meta name="robots" content="noindex, nofollow">',
    '<meta name="googlebot" content="none">',
    '<meta name="robots" content="index">',
  ),
);

/** One generated page: its path on the page server, and its HTML. */
export const generatedPage = fc
  .record({
    path: fc.constantFrom('/page', '/blog/post', '/with_underscore', '/q', '/caf%C3%A9'),
    lang: fc.constantFrom(undefined, '', 'en', 'de-DE'),
    head: fc.array(headPart, { maxLength: 6 }),
    body: fc.array(bodyPart, { maxLength: 14 }),
    bodyTag: fc.boolean(),
  })
  .map(({ path, lang, head, body, bodyTag }) => {
    const html = `<!doctype html><html${lang === undefined ? '' : ` lang="${lang}"`}><head>${head.join('')}</head>${
      bodyTag ? `<body>${body.join('\n')}</body>` : body.join('\n')
    }</html>`;
    return { path, html };
  });
