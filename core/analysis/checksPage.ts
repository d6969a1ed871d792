// The checks of the page's content (SEO, accessibility), as the real service names and rates them.
import { LIMITS, none, type CheckDef } from './checkTypes';
import { wordsFound } from './pageWords';

// l10n-exempt: the service's own words for its checks (English, as the real service's records carry them); people read names through core/checks/checkNames.ts
export const PAGE_CHECKS: readonly CheckDef[] = [
  {
    key: 'http_status',
    name: 'HTTP status',
    category: 'availability',
    importance: 'high',
    judgedFrom: 'deployed',
    ok: 'The page answers with a success status.',
    fix: 'Make the page answer with a 2xx status.',
    run: (f) => ({ value: f.status, errors: none(f.status >= 200 && f.status < 300, 'failed', f.status) }),
  },
  {
    key: 'title',
    name: 'Title',
    category: 'seo',
    importance: 'high',
    judgedFrom: 'html',
    ok: 'The page has a title of a good length.',
    fix: `Add one <title> of ${LIMITS.titleMin}-${LIMITS.titleMax} characters.`,
    run: (f) => {
      const errors: Record<string, unknown> = {};
      if (!f.title) errors.missing = null;
      const length = [...(f.title ?? '')].length;
      if (length < LIMITS.titleMin || length > LIMITS.titleMax) errors.length = { min: LIMITS.titleMin, max: LIMITS.titleMax };
      if (f.titleCount > 1) errors.too_many = null;
      return { value: f.title, errors };
    },
  },
  {
    key: 'meta_description',
    name: 'Meta description',
    category: 'seo',
    importance: 'high',
    judgedFrom: 'html',
    ok: 'The page has a meta description.',
    fix: 'Add <meta name="description"> with a summary of the page.',
    run: (f) => ({ value: f.description, errors: none(!!f.description, 'missing') }),
  },
  {
    key: 'headings',
    name: 'Headings',
    category: 'seo',
    importance: 'high',
    judgedFrom: 'html',
    ok: 'The page has exactly one h1, unlike its title.',
    fix: 'Use exactly one <h1>, different from the title.',
    run: (f) => {
      const h1 = f.headings.h1 ?? [];
      const errors: Record<string, unknown> = {};
      if (h1.length === 0) errors.missing = null;
      if (h1.length > 1) errors.too_many = null;
      if (h1.length > 0 && h1[0] === f.title) errors.duplicate = null;
      return { value: f.headings, errors };
    },
  },
  {
    key: 'content_keywords',
    name: 'Content keywords',
    category: 'seo',
    importance: 'high',
    judgedFrom: 'html',
    ok: 'The title keywords appear in the content.',
    fix: 'Use the words of the title in the page text.',
    run: (f) => {
      const found = wordsFound(f.bodyTextLower, [...new Set(f.titleWords)]);
      return { value: found, errors: none(found.length > 0, 'missing', f.titleWords) };
    },
  },
  {
    key: 'image_keywords',
    name: 'Image keywords',
    category: 'accessibility',
    importance: 'high',
    judgedFrom: 'html',
    ok: 'Every image has an alt attribute.',
    fix: 'Give every <img> an alt attribute (empty for decorative images).',
    run: (f) => ({ value: null, errors: none(f.imagesWithoutAlt.length === 0, 'missing', f.imagesWithoutAlt) }),
  },
  {
    key: 'seo_friendly_url',
    name: 'SEO friendly URL',
    category: 'seo',
    importance: 'high',
    judgedFrom: 'url',
    ok: 'The URL has no query or special characters.',
    fix: 'Use a readable path without ?, =, _, %, commas or spaces.',
    run: (f) => ({ value: f.url, errors: none(!/[?=_%, ]/.test(f.url), 'bad_format') }),
  },
  {
    key: 'https_encryption',
    name: 'HTTPS encryption',
    category: 'security',
    importance: 'high',
    judgedFrom: 'deployed',
    ok: 'The page is served over HTTPS.',
    fix: 'Serve the page over HTTPS and redirect HTTP to it.',
    run: (f) => ({ value: f.url, errors: none(f.url.startsWith('https:'), 'missing', 'https') }),
  },
  {
    key: '404_page',
    name: '404 page',
    category: 'availability',
    importance: 'high',
    judgedFrom: 'deployed',
    ok: 'A missing page of the site answers 404.',
    fix: 'Answer 404 for pages that do not exist.',
    run: (f) => ({ value: f.notFoundPage, errors: none(f.notFoundPage !== false, 'missing') }),
  },
  {
    key: 'noindex',
    name: 'Noindex',
    category: 'seo',
    importance: 'high',
    judgedFrom: 'html',
    ok: 'Search engines may index the page.',
    fix: 'Remove "noindex" (robots meta tag, X-Robots-Tag) if the page should be found.',
    run: (f) => ({ value: f.noindex, errors: none(!f.noindex, 'missing') }),
  },
];
