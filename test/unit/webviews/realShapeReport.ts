// A report as the real service (phpRank) sends it, written from docs/spec/real-service-notes.md:
// `result` a fractional score, `results` an object of checks {passed, importance, value, errors?}
// — the 33 named in the notes plus 7 this extension has never seen (newer versions add checks),
// with nested values, link lists, every error kind of the notes, an unknown kind and missing
// fields. Shared by the unit tests and the in-editor suite. (Not a test file itself.)

type Check = { passed?: unknown; importance?: unknown; value?: unknown; errors?: Record<string, unknown> };

const links = (n: number, host = 'example.com') =>
  Array.from({ length: n }, (_, i) => ({ url: `https://${host}/page-${i}`, text: `Page ${i}` }));

export const REAL_CHECKS: Record<string, Check> = {
  title: { passed: false, importance: 'high', value: 'Home', errors: { length: { min: 10, max: 60 } } },
  meta_description: { passed: false, importance: 'high', value: null, errors: { missing: null } },
  headings: {
    passed: false,
    importance: 'high',
    value: { h1: ['Welcome', 'Also welcome'], h2: ['About', 'Contact'] },
    errors: { duplicate: ['h1'] },
  },
  content_keywords: { passed: true, importance: 'high', value: ['shop', 'shoes'] },
  image_keywords: { passed: false, importance: 'medium', value: ['hero.png', 'logo.svg'], errors: { missing: ['hero.png'] } },
  seo_friendly_url: { passed: true, importance: 'high', value: true },
  '404_page': { passed: true, importance: 'medium', value: true },
  robots: { passed: true, importance: 'high', value: null },
  noindex: { passed: true, importance: 'high', value: null },
  in_page_links: {
    passed: false,
    importance: 'medium',
    value: { Internals: links(48), Externals: links(3, 'other.test') },
    errors: { too_many: 10 },
  },
  language: { passed: true, importance: 'medium', value: 'en' },
  favicon: { passed: true, importance: 'medium', value: 'https://example.com/favicon.ico' },
  text_compression: { passed: true, importance: 'high', value: 'gzip' },
  load_time: { passed: false, importance: 'high', value: 2.84, errors: { too_slow: 1 } },
  page_size: { passed: true, importance: 'medium', value: 81234 },
  http_requests: {
    passed: false,
    importance: 'medium',
    value: { JavaScripts: ['a.js', 'b.js'], CSS: ['c.css'], Images: ['1.png'] },
    errors: { too_many: { max: 50 } },
  },
  image_format: {
    passed: false,
    importance: 'low',
    value: [
      ['hero.png', 'png'],
      ['logo.bmp', 'bmp'],
    ],
    errors: { bad_format: ['logo.bmp'] },
  },
  defer_javascript: { passed: true, importance: 'low', value: [] },
  dom_size: { passed: false, importance: 'low', value: 2431, errors: { too_large: 1500 } },
  https_encryption: { passed: true, importance: 'high', value: true },
  mixed_content: { passed: true, importance: 'medium', value: [] },
  server_signature: { passed: true, importance: 'low', value: null },
  unsafe_cross_origin_links: { passed: false, importance: 'medium', value: ['https://other.test/x'], errors: { failed: null } },
  plaintext_email: { passed: true, importance: 'low', value: [] },
  structured_data: {
    passed: false,
    importance: 'low',
    value: { 'Open Graph': { 'og:title': 'Home' }, 'Schema.org': [] },
    errors: { missing: 'Schema.org' },
  },
  meta_viewport: { passed: true, importance: 'medium', value: 'width=device-width, initial-scale=1' },
  charset: { passed: true, importance: 'medium', value: 'utf-8' },
  sitemap: { passed: true, importance: 'low', value: ['https://example.com/sitemap.xml'] },
  social: { passed: true, importance: 'low', value: { twitter: ['https://twitter.com/x'] } },
  content_length: { passed: false, importance: 'low', value: 120, errors: { too_few: 500 } },
  text_html_ratio: { passed: false, importance: 'low', value: 4.2, errors: { too_small: 10 } },
  inline_css: { passed: false, importance: 'low', value: ['<div style="x">'], errors: { too_many: 0 } },
  deprecated_html_tags: { passed: false, importance: 'low', value: ['font', 'center'], errors: { bad_tags: ['font', 'center'] } },
  // Checks of newer versions (or of no version at all): shown by a name in words, never dropped.
  canonical_tag: { passed: true, importance: 'medium', value: 'https://example.com/' },
  nofollow_links: { passed: true, importance: 'low' },
  render_blocking_resources: { passed: false, importance: 'medium', value: ['a.css'], errors: { blocking: { count: 1 } } },
  llms_txt: { passed: true, value: false },
  brand_new_check: { passed: false, importance: 'critical', value: { nested: { deeper: [1, [2, [3]]] } }, errors: { not_indexable: true } },
  html_validation: { importance: 'low', value: 'not run' },
  amp: { passed: true, importance: 'low', value: null },
};

export const REAL_REPORT = {
  id: 9101,
  url: 'https://example.com/',
  project: 'example.com',
  result: 73.68421052631578,
  results: REAL_CHECKS,
  privacy: 0,
  password: false,
  generated_at: '2024-05-01T10:00:00.000000Z',
  created_at: '2024-05-01T10:00:00.000000Z',
  updated_at: '2024-05-02T09:00:00.000000Z',
};
