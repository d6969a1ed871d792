// The words of the quick fixes: their titles, hints and the reasons a fix is refused. Functions,
// so each is localised when it is needed (docs/LOCALISATION.md).
import * as l10n from '@vscode/l10n';

export const fixTitle = {
  lang: (lang: string) => l10n.t('Add lang="{0}" to <html>', lang),
  langPlaceholder: () => l10n.t('Add a lang attribute to <html>'),
  charset: () => l10n.t('Add <meta charset="utf-8"> first in the head'),
  viewport: () => l10n.t('Add the viewport <meta> to the head'),
  noopener: (n: number) => (n === 1 ? l10n.t('Add rel="noopener" to the link') : l10n.t('Add rel="noopener" to {0} links', n)),
  defer: (n: number) => (n === 1 ? l10n.t('Add defer to the script') : l10n.t('Add defer to {0} scripts', n)),
  deprecated: (n: number) =>
    n === 1 ? l10n.t('Replace the deprecated tag with <del> or <code>') : l10n.t('Replace {0} deprecated tags with <del> or <code>', n),
  center: () => l10n.t('Replace <center> with a <div> and a CSS class'),
  description: () => l10n.t('Add a description'),
  titleEdit: () => l10n.t('Edit the title'),
  titleAdd: () => l10n.t('Add a title'),
  alt: () => l10n.t('Add alt text to the image'),
};

export const fixHint = {
  lang: () => l10n.t("Type the page's language, e.g. en or de-CH."),
  titleLength: (min: number, max: number, now: number) =>
    l10n.t('The check wants a title of {0}–{1} characters; it has {2}.', min, max, now),
  description: () => l10n.t('The check wants a description that is not empty: a short summary of the page.'),
  alt: () => l10n.t('Describe the image for people who cannot see it; leave it empty for a decorative image.'),
  center: () => l10n.t("Then give the class text-align: center in the site's CSS; a style attribute would fail Inline CSS."),
  byHand: () => l10n.t('Replace <center> and <font> with CSS by hand (text-align, font-family, color).'),
};

export const fixRefused = {
  changed: () => l10n.t('The file changed since the finding was made: check again, then fix.'),
  jsx: () => l10n.t('This looks like a JSX-like template: edit it by hand.'),
  unread: () => l10n.t('The file is too large, or not readable to its end, to fix safely.'),
  noHtml: () => l10n.t("The file has no <html> element: the language is set in the site's layout."),
  layout: () => l10n.t("In a Markdown page, this is written by the site's layout: fix it there."),
  misplaced: () => l10n.t('The element is not where the finding says: check again, then fix.'),
  notFound: () => l10n.t('No element of this check was found in the file.'),
  templated: () => l10n.t('The element holds template syntax: edit it by hand.'),
  noFix: () => l10n.t('No quick fix for this check.'),
  noFrontMatter: () => l10n.t('The page has no front matter to add the key to.'),
  oddValue: () => l10n.t('The value is written in a way this fix does not change (a block, an alias, a multi-line string).'),
  hasDescription: () => l10n.t('The front matter has a description already: the layout may not write it into the page.'),
  declared: () => l10n.t('The page declares it already: check its value by hand.'),
  manyTitles: () => l10n.t('The page has more than one title: keep one.'),
  crosses: () => l10n.t("Its edits cross another fix's: apply the others first, then this one."),
  tooMany: (n: number) => l10n.t('Too many elements to fix at once ({0}).', n),
};
