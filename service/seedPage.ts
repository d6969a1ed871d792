// The page of a seeded report, as HTML with the faults its report names: the seed rates this page
// (seed.ts), and npm start's demo site serves it (under SEEDED_PATH, the service's analysis fetching
// a seeded host's page from there: `seedSite`), so a re-run of a seeded report rates the same page
// offline and keeps its rating. Every check a fault names is one the page's own answer decides.

/** Where the demo site serves the seeded hosts' pages: `/__seeded/<host><path>`. */
export const SEEDED_PATH = '/__seeded/';
/** Bytes a page with the `page_size` fault is padded past (the check's limit is 330,000). */
const LARGE_PAGE_BYTES = 340_000;
/** Style sheets of a page with the `http_requests` fault (the check's limit is 50 requests). */
const MANY_REQUESTS = 60;

export interface SeedPage {
  status: number;
  html: string;
}

/** The HTML of the i-th seeded page, failing exactly the checks in `failing`. */
export function seedPageHtml(i: number, failing: ReadonlySet<string>): SeedPage {
  const has = (check: string) => failing.has(check);
  const title = has('title')
    ? undefined
    : has('title_length')
      ? `Post ${i}: a very long title that goes on well beyond sixty characters`
      : `Post ${i} | Example`;
  // Without the title's words (post, the number, example) in the text, content_keywords fails.
  const keywords = !has('content_keywords');
  const h1 = keywords ? `Post ${i}` : 'Overview';
  const headings = has('headings')
    ? i % 2 === 0
      ? ['<h2>Details</h2>']
      : ['<h1>One</h1>', '<h1>Two</h1>', '<h1>Three</h1>']
    : [`<h1>${h1}</h1>`, '<h2>Details</h2>'];
  const text = keywords
    ? `Everything you need to know about post ${i}, explained in a few short paragraphs of example text.`
    : 'Everything you need to know, explained in a few short paragraphs of plain text.';
  const images = has('image_keywords') ? Array.from({ length: 1 + (i % 5) }, (_, n) => `<img src="/img/${n}.png">`) : [];
  const head = [
    ...(has('charset') ? [] : ['<meta charset="utf-8">']),
    ...(has('meta_viewport') ? [] : ['<meta name="viewport" content="width=device-width, initial-scale=1">']),
    ...(title === undefined ? [] : [`<title>${title}</title>`]),
    ...(has('meta_description')
      ? []
      : [
          `<meta name="description" content="${keywords ? `Everything you need to know about post ${i}, explained in a few short paragraphs.` : 'Everything you need to know, explained in a few short paragraphs.'}">`,
        ]),
    ...(has('noindex') ? ['<meta name="robots" content="noindex, nofollow">'] : []),
    '<link rel="stylesheet" href="/site.css">',
    ...(has('http_requests') ? Array.from({ length: MANY_REQUESTS }, (_, n) => `<link rel="stylesheet" href="/css/${n}.css">`) : []),
    '<script src="/app.js" defer></script>',
  ];
  const lines = [
    '<!doctype html>',
    has('language') ? '<html>' : '<html lang="en">',
    '<head>',
    ...head,
    '</head>',
    '<body>',
    '<nav><a href="/">Home</a> <a href="https://www.example.org/">Reviews</a></nav>',
    ...headings,
    `<p>${text}</p>`,
    '<img src="/logo.svg" alt="Logo">',
    ...images,
    '</body>',
    '</html>',
    '',
  ];
  let html = lines.join('\n');
  if (has('page_size')) html += `<!-- ${'.'.repeat(LARGE_PAGE_BYTES)} -->\n`;
  return { status: has('http_status') ? 404 : 200, html };
}
