// A failed check said as a person would say it: "Missing meta description", "Fewer than 500 words
// (312)", "Title: 2 characters, should be 10–60". Built from the check's first error kind, its
// bound and the value the service measured; further kinds follow in words. Checks of the site
// rather than of one page's source (HTTPS, the server's signature, load time, page size) are
// named here too: no edit of a page's source fixes them, so they are not put on its lines.
import * as l10n from '@vscode/l10n';
import { checkName, errorWords, numberIn } from './checkNames';
import { displayLocale } from '../text/locale';
import { ownField, textOf } from '../text/safeText';

/** Checks of the site or its server: fixed in its configuration, never in a page's source file. */
export const SITE_LEVEL_CHECKS: ReadonlySet<string> = new Set([
  'https_encryption',
  'server_signature',
  'load_time',
  'page_size',
  'text_compression',
  'http_requests',
  '404_page',
  'robots',
  'sitemap',
]);

/** Error kinds of one check looked at, at most; the first MAX_KINDS_SAID are said. */
export const MAX_KINDS_EXAMINED = 100;
export const MAX_KINDS_SAID = 3;

/** The thing a check counts, where the bound is a count of it. */
function countedWords(key: string, n: number | string): string | undefined {
  switch (key) {
    case 'content_length':
      return l10n.t({ message: '{0} words', args: [n], comment: ['a count of words on a web page'] });
    case 'http_requests':
      return l10n.t({ message: '{0} requests', args: [n], comment: ['a count of HTTP requests a page makes'] });
    case 'dom_size':
      return l10n.t({ message: '{0} elements', args: [n], comment: ['a count of HTML elements on a page'] });
    default:
      return undefined;
  }
}

/** The check's name inside a sentence: "meta description" in English, as it is elsewhere. */
function inSentence(name: string): string {
  return displayLocale().startsWith('en') && /^[A-Z][a-z]/.test(name) ? name[0].toLowerCase() + name.slice(1) : name;
}

/** The measured value, when it is a number or a short text worth quoting. */
function measured(value: unknown): string | undefined {
  const n = numberIn(value);
  return typeof n === 'number' ? String(Math.round(n * 100) / 100) : n;
}

/** Tag names said of a check at most. */
export const MAX_TAGS_SAID = 3;

/**
 * The tags a `bad_tags` detail names (an object of tag → count, or a list of names), as `<font>`:
 * only plain tag names, at most MAX_TAGS_SAID, and how many more.
 */
function tagsIn(detail: unknown): { said: string[]; more: number } | undefined {
  // Read as error kinds are (own fields only, bounded): the names are a list's items or an object's keys.
  const names = kindsOf(detail)
    .map(([name]) => name)
    .filter((name) => /^[a-z][a-z0-9-]{0,30}$/i.test(name))
    .map((name) => name.toLowerCase());
  if (names.length === 0) return undefined;
  return { said: names.slice(0, MAX_TAGS_SAID).map((n) => `<${n}>`), more: Math.max(0, names.length - MAX_TAGS_SAID) };
}

/** How many items a list detail holds (links, addresses), or undefined. */
function listLength(detail: unknown): number | undefined {
  if (!Array.isArray(detail)) return undefined;
  const length = Number(ownField(detail, 'length'));
  return Number.isSafeInteger(length) && length > 0 ? length : undefined;
}

/** A failure whose detail lists what fails (the links, the images), said as a count of them. */
function countedFailure(key: string, kind: string, n: number | undefined): string | undefined {
  if (n === undefined) return undefined;
  if (key === 'unsafe_cross_origin_links' && kind === 'failed') {
    return n === 1 ? l10n.t('1 link opens a new tab without rel="noopener"') : l10n.t('{0} links open a new tab without rel="noopener"', n);
  }
  if (key === 'image_keywords' && kind === 'missing') {
    return n === 1 ? l10n.t('1 image without alt text') : l10n.t('{0} images without alt text', n);
  }
  return undefined;
}

/** One error kind of a check as a sentence about the check. */
function sentenceOf(key: string, kind: string, detail: unknown, value: unknown): string {
  const name = checkName(key);
  const found = measured(value);
  const withFound = (text: string) => (found === undefined ? text : l10n.t('{0} ({1})', text, found));
  const counted = countedFailure(key, kind, listLength(detail));
  if (counted !== undefined) return counted;
  switch (kind) {
    case 'bad_tags': {
      const tags = tagsIn(detail);
      if (!tags) break;
      const list = tags.more > 0 ? `${tags.said.join(', ')}, ${l10n.t('and {0} more', tags.more)}` : tags.said.join(', ');
      return l10n.t({
        message: '{0}: {1}',
        args: [name, list],
        comment: ['{0} a check of a web page, {1} the HTML tags it found: <font>, <center>'],
      });
    }
    case 'missing':
      return l10n.t({
        message: 'Missing {0}',
        args: [inSentence(name)],
        comment: ['{0} a check of a web page: "Missing meta description"'],
      });
    case 'duplicate':
      return l10n.t({ message: 'More than one {0}', args: [inSentence(name)], comment: ['{0} a check of a web page'] });
    case 'bad_format':
      return l10n.t({ message: '{0} is badly formatted', args: [name], comment: ['{0} a check of a web page'] });
    case 'too_few':
    case 'too_small': {
      const n = numberIn(detail, 'min', 'limit', 'minimum');
      if (n === undefined) break;
      const counted = countedWords(key, n);
      return withFound(counted ? l10n.t('Fewer than {0}', counted) : l10n.t('{0}: less than {1}', name, n));
    }
    case 'too_many':
    case 'too_large':
    case 'too_slow': {
      const n = numberIn(detail, 'max', 'limit', 'maximum');
      if (n === undefined) break;
      const counted = countedWords(key, n);
      return withFound(counted ? l10n.t('More than {0}', counted) : l10n.t('{0}: more than {1}', name, n));
    }
    case 'length': {
      const min = numberIn(detail, 'min', 'minimum');
      const max = numberIn(detail, 'max', 'maximum');
      const length = typeof value === 'string' ? value.length : undefined;
      const range = min !== undefined && max !== undefined ? `${min}–${max}` : undefined;
      if (range && length !== undefined) return l10n.t('{0}: {1} characters, should be {2}', name, length, range);
      break;
    }
  }
  return l10n.t({
    message: '{0}: {1}',
    args: [name, errorWords(kind, detail).text],
    comment: ['{0} a check of a web page, {1} what is wrong'],
  });
}

/** The error kinds of a check with their details, in the order sent, bounded. */
function kindsOf(errors: unknown): Array<[string, unknown]> {
  const kinds: Array<[string, unknown]> = [];
  if (typeof errors !== 'object' || errors === null) return kinds;
  try {
    if (Array.isArray(errors)) {
      const length = Math.min(Number(ownField(errors, 'length')) || 0, MAX_KINDS_EXAMINED);
      for (let i = 0; i < length; i++) {
        const kind = textOf(ownField(errors, String(i)));
        if (kind) kinds.push([kind, undefined]);
      }
    } else {
      for (const kind in errors) {
        if (kinds.length >= MAX_KINDS_EXAMINED) break;
        kinds.push([kind, ownField(errors, kind)]);
      }
    }
  } catch {
    // A proxy whose traps throw: what was read is said.
  }
  return kinds;
}

/** A failed check in words: a sentence for its first error kind, the next kinds after it. */
export function failedCheckSentence(key: string, item: unknown, maxKindKey = 100): string {
  const kinds = kindsOf(ownField(item, 'errors')).map(([kind, detail]) => [kind.slice(0, maxKindKey), detail] as const);
  if (kinds.length === 0) return l10n.t({ message: '{0}: not passed', args: [checkName(key)], comment: ['{0} a check of a web page'] });
  const [first, ...rest] = kinds;
  const sentence = sentenceOf(key, first[0], first[1], ownField(item, 'value'));
  const also = rest.slice(0, MAX_KINDS_SAID - 1).map(([kind, detail]) => errorWords(kind, detail).text);
  const more = rest.length - also.length;
  if (also.length === 0) return sentence;
  const tail = more > 0 ? `${also.join(', ')}, ${l10n.t('and {0} more', more)}` : also.join(', ');
  return l10n.t({
    message: '{0}; also {1}',
    args: [sentence, tail],
    comment: ['{0} what is wrong with a check, {1} more that is wrong with it'],
  });
}
