// The demo site's renderer: a Markdown file with YAML front matter (`title:`, `description:`)
// becomes an HTML page — the front matter's title and description in the head, the body's
// headings and paragraphs in the body. Tiny on purpose (no inline markup); every character of the
// file is escaped, so a page written in the workspace cannot inject markup into the site.

/** Lines of front matter read, at most (as the editor reads them: core/sources/checkLocations.ts). */
export const MAX_DEMO_FRONT_MATTER_LINES = 200;

export interface DemoPage {
  fields: Record<string, string>;
  body: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

function unquote(value: string): string {
  const v = value.trim();
  if (v.length >= 2 && ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'")))) return v.slice(1, -1);
  return v;
}

/** The front matter's `key: value` fields (top level, plain values) and the body after it. */
export function parseDemoPage(text: string): DemoPage {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  if (lines[0]?.trimEnd() !== '---') return { fields, body: lines.join('\n') };
  const last = Math.min(lines.length, MAX_DEMO_FRONT_MATTER_LINES + 1);
  for (let i = 1; i < last; i++) {
    if (lines[i].trimEnd() === '---') return { fields, body: lines.slice(i + 1).join('\n') };
    const m = /^([A-Za-z_][\w-]*)[ \t]*:(.*)$/.exec(lines[i]);
    if (m) fields[m[1]] = unquote(m[2]);
  }
  return { fields: Object.create(null) as Record<string, string>, body: lines.join('\n') };
}

/** The body's blocks (separated by blank lines): `#`/`##` headings, the rest paragraphs. */
function bodyHtml(body: string): string {
  return body
    .split(/\n[ \t]*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) => {
      const heading = /^(#{1,3})\s+(.*)$/s.exec(block);
      if (heading) {
        const level = heading[1].length;
        return `<h${level}>${escapeHtml(heading[2].replace(/\s+/g, ' '))}</h${level}>`;
      }
      return `<p>${escapeHtml(block.replace(/\s+/g, ' '))}</p>`;
    })
    .join('\n');
}

export interface RenderOptions {
  /** Links of the site's navigation: [path, label]. */
  nav: readonly (readonly [string, string])[];
}

/** The HTML page of a Markdown file. */
export function renderDemoPage(markdown: string, options: RenderOptions): string {
  const { fields, body } = parseDemoPage(markdown);
  const title = fields.title ?? '';
  const description = fields.description;
  const nav = options.nav.map(([href, label]) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`).join(' · ');
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(fields.lang || 'en')}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    ...(description ? [`<meta name="description" content="${escapeHtml(description)}">`] : []),
    '<link rel="icon" href="/favicon.ico">',
    '</head>',
    '<body>',
    `<nav>${nav}</nav>`,
    '<main>',
    bodyHtml(body),
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
