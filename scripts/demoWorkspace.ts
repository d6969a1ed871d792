// The demo workspace: the sources of the small static site the demo serves (Markdown with front
// matter under content/), its `website-reports.json` (which page comes from which file, and a
// rule), a README that says what to look at, and the site's sitemap. The site's port changes per
// run, so every file that names it is written at each start; the Markdown is written only when it
// is missing, so a person's edits survive a restart.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { compileSources, type SourceEntry, type SourceMatcher } from '../core/sources/pageSources';

/** The demo site's pages as Markdown, by workspace-relative file. */
export const DEMO_CONTENT: Readonly<Record<string, string>> = {
  'content/index.md': `---
title: Acme Widgets - handmade widgets for home and office
description: Acme makes handmade widgets for home and office. Browse the catalogue, compare models and order online.
---

# Acme Widgets

Acme makes handmade widgets for home and office. Every widget is built in our workshop from recycled materials, tested by hand and shipped in plastic-free packaging.

## Our widgets

The catalogue has desk widgets, wall widgets and pocket widgets. Each comes in three sizes and five colours, and every model can be repaired with parts we keep in stock for ten years.

## Why handmade

Handmade widgets last longer. Our makers check every joint and every spring, so a widget from Acme keeps working for years without maintenance.
`,
  'content/about.md': `---
title: About Acme Widgets and the people who make them
description: Who we are, where our workshop is and how we make widgets by hand since 1998.
---

# About us

Acme Widgets started in a garage in 1998. Today twelve makers build widgets in our workshop by the river, and every one of them signs the widgets they make.
`,
  'content/blog/first-post.md': `---
title: We launched the new widget line for 2025
description: Our new line of widgets is here - lighter, stronger and made from recycled materials. Read the launch story.
---

# The new widget line

After two years of work the new widget line is here. The widgets are lighter, stronger and made from recycled aluminium.

## What is new

The springs are made of a new alloy, the housing is thinner and the colours are brighter. Every widget of the new line fits the mounts of the old one.
`,
  'content/blog/second-post.md': `---
title: Post
---

Some notes about widgets.
`,
};

/**
 * The file the demo opens when VS Code first loads: its URLs (the pages, rated or not) carry their
 * badges and hovers at once, with nothing opened or clicked first.
 */
export const DEMO_FIRST_FILE = 'README.md';

/** The pages rated when the demo starts (the others have no report yet: the "No report" group). */
export const DEMO_RATED_FILES: readonly string[] = ['content/index.md', 'content/blog/first-post.md', 'content/blog/second-post.md'];

/** A page of the site that no file of the workspace produces (an old hand-written page, rated bad). */
export const DEMO_OLD_PAGE = '/old-page';
export const DEMO_OLD_PAGE_HTML =
  '<html><head><meta name="robots" content="noindex"></head><body><h1>Old</h1><h1>Page</h1><img src="/x.png"><img src="/y.png"></body></html>';

/** The URLs rated when the demo starts: the rated content pages and the old page. */
export function demoRatedUrls(siteUrl: string, pages: readonly { url: string; file: string }[]): string[] {
  return [...pages.filter((p) => DEMO_RATED_FILES.includes(p.file)).map((p) => p.url), `${siteUrl}${DEMO_OLD_PAGE}`];
}

/** A plain HTML page of the demo workspace with a few faults to fix as the local checks show them. */
export const DEMO_HTML_FILE = 'static/offer.html';
export const DEMO_HTML_PAGE = `<!doctype html>
<html>
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Acme Widgets - this week's offer</title>
  <meta name="description" content="This week at Acme: the desk widget at half price, while stock lasts. Handmade from recycled materials.">
</head>
<body>
  <h1>This week's offer</h1>
  <center>The desk widget at half price!</center>
  <img src="/desk-widget.png">
  <p>Made in our workshop from recycled materials. Read what <a href="https://example.org/reviews" target="_blank">our customers say</a>.</p>
</body>
</html>
`;

/** The demo config's `sources`: which page comes from which file. */
export function demoSources(siteUrl: string): SourceEntry[] {
  return [
    { url: `${siteUrl}/`, file: 'content/index.md' },
    { url: `${siteUrl}/blog/{slug}`, file: 'content/blog/{slug}.md' },
    { url: `${siteUrl}/{page}`, file: 'content/{page}.md' },
  ];
}

/** The demo's `website-reports.json`. */
export function demoConfig(siteUrl: string): Record<string, unknown> {
  return {
    sources: demoSources(siteUrl),
    // The demo site renders the Markdown at each request: saving a source shows its local rating at once.
    preview: { origin: siteUrl },
    lang: 'en',
    rules: [{ match: `${siteUrl}/blog/*`, minScore: 80 }],
    maxAgeDays: 30,
    // The patterns above are no pages: this file is not scanned for URLs (with the default excludes).
    exclude: ['**/node_modules/**', '**/.git/**', 'website-reports.json'],
  };
}

export function sitemapXml(urls: readonly string[]): string {
  const esc = (u: string) => u.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.map((u) => `  <url><loc>${esc(u)}</loc></url>`).join('\n')}\n</urlset>\n`;
}

function readme(siteUrl: string, pages: readonly { url: string; file: string }[]): string {
  const list = pages.map((p) => `- ${p.url} — from \`${p.file}\``).join('\n');
  return `# Website Reports demo

This folder is the source of a small static site that the demo serves on this machine at
${siteUrl}/ — each Markdown file under \`content/\` is one page (its front matter gives the
page's \`<title>\` and description). The local report service already rated some of the pages.

${list}

What to look at:

1. **Badges and hovers**: the URLs above carry a rating badge; hover one to see its latest report.
2. **URLs in Workspace** (in the Website Reports view container): every URL written in this folder,
   grouped Bad / Decent / Good / No report / Outdated, each with the places it is written.
3. **Page sources**: \`website-reports.json\` maps pages to their files (\`sources\`). Open
   \`content/blog/second-post.md\`: its page's failed checks are in the Problems panel, the title
   check on the \`title:\` line. Fix the title (10–60 characters), add a \`description:\` line, save,
   and run *Re-run* from the quick fix or the CodeLens: the problems go away.
4. **Local checks**: the config's \`preview\` is this site, which renders the Markdown at each
   request. Edit \`content/blog/second-post.md\`, save, and the CodeLens reads the page's local
   score beside its published one (\`Local … · published …\`), with Problems from
   *Website Reports (local)*. Open \`${DEMO_HTML_FILE}\`: a plain HTML page checked as you type — an
   image without alt, no \`lang\`, a \`target="_blank"\` link without \`rel\`, a \`<center>\`.
5. **Rules**: the config asks a score of at least 80 for the blog pages.
6. ${siteUrl}${DEMO_OLD_PAGE} is a page no file here produces: it has a report (rated bad) but no source.

To rate the page without a report yet, put the cursor on its URL and run **Website Reports:
Create Website Report** (editor context menu, Command Palette, or Ctrl+Alt+Shift+R), or use
*Report All Unrated* in the URLs in Workspace view.
`;
}

/** Writes the demo workspace into `dir` for the site at `siteUrl`; returns the page URLs by file. */
export function writeDemoWorkspace(dir: string, siteUrl: string): { url: string; file: string }[] {
  fs.mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(DEMO_CONTENT)) {
    const target = path.join(dir, ...file.split('/'));
    if (fs.existsSync(target)) continue;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, text);
  }
  const html = path.join(dir, ...DEMO_HTML_FILE.split('/'));
  if (!fs.existsSync(html)) {
    fs.mkdirSync(path.dirname(html), { recursive: true });
    fs.writeFileSync(html, DEMO_HTML_PAGE);
  }
  const pages = Object.keys(DEMO_CONTENT).map((file) => ({ file, url: pageUrl(siteUrl, file) }));
  fs.writeFileSync(path.join(dir, 'website-reports.json'), JSON.stringify(demoConfig(siteUrl), null, 2) + '\n');
  fs.writeFileSync(path.join(dir, 'README.md'), readme(siteUrl, pages));
  fs.writeFileSync(path.join(dir, 'sitemap.xml'), sitemapXml([...pages.map((p) => p.url), `${siteUrl}${DEMO_OLD_PAGE}`]));
  return pages;
}

/** The matcher of the demo's `sources` (the same core the editor uses). */
export function demoMatcher(siteUrl: string): SourceMatcher {
  const compiled = compileSources(demoSources(siteUrl));
  if (!compiled.ok) throw new Error(`the demo's sources do not compile: ${JSON.stringify(compiled.problems)}`);
  return compiled.matcher;
}

/** The page URL of a demo content file. */
export function pageUrl(siteUrl: string, file: string): string {
  const url = demoMatcher(siteUrl).pageUrlOf(file);
  if (url === undefined) throw new Error(`${file} is no page of the demo site`);
  return url;
}
