// The elements whose content is text, never tags, as the HTML standard's tokenizer reads them
// (§13.2.5, "raw text" and "escapable raw text"): script, style, xmp, iframe, noembed, noframes
// and noscript (as a browser with scripting reads it) are raw text; textarea and title escapable
// raw text. A `<a target=_blank>` written inside one is text on the page, no link. The analyser
// (htmlReading.ts) and the quick fixes' tag reader (core/fixes/htmlTags.ts) both skip them, so a
// finding never points where the fix finds no tag. `template` is not among them: its content is
// parsed as HTML (inert until a script puts it in the page), so its tags count.

/** Raw-text and escapable raw-text elements, lower case. */
export const RAW_TEXT_ELEMENTS: readonly string[] = [
  'script',
  'style',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'textarea',
  'title',
];

/**
 * What the analysis parses as text (node-html-parser's `blockTextElements`: htmlReading.ts) and the
 * complexity pre-scan skips alike (pageComplexity.ts): the raw-text elements, and `pre`, read as written.
 */
export const TEXT_CONTENT_ELEMENTS: readonly string[] = [...RAW_TEXT_ELEMENTS, 'pre'];
