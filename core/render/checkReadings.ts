// A check's problem as a person reads it, where the service's error kind would mislead: `noindex`
// fails with the kind "missing" when the page HAS the directive, `https_encryption` sends
// "missing: https", `404_page` "missing" beside the value `false`. The check's own words replace
// the kind there; the value is folded into them when it says the same ("the page asks not to be
// indexed (noindex, nofollow)"), and the tags a `bad_tags` names read as tags ("<center>"), not
// as a record's fields. Other checks keep their kinds in words (checkNames.errorWords).
// Pure: no 'vscode', no markup.
import * as l10n from '@vscode/l10n';

/** One error of a check, read: its kind, in words, with the detail the words do not say. */
export interface CheckError {
  kind: string;
  /** The kind (and its detail, where it can be said) in words. */
  text: string;
  /** The detail as sent, when the words do not say it. */
  detail?: unknown;
}

/** Characters of a value quoted inside a sentence at most. */
const QUOTED_CHARS = 200;

export interface ReadErrors {
  errors: CheckError[];
  /** The value is in the words: not shown again below them. */
  valueSaid: boolean;
}

function quoted(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const text = value.trim();
  return text.length > QUOTED_CHARS ? `${text.slice(0, QUOTED_CHARS)}…` : text;
}

/** How many items a list detail holds, or undefined. */
function countOf(detail: unknown): number | undefined {
  return Array.isArray(detail) && detail.length > 0 ? detail.length : undefined;
}

/** The words of a "missing" error of a check whose own words say it better; undefined: keep "missing". */
function missingWords(
  key: string,
  detail: unknown,
  value: unknown,
): { text: string; valueSaid?: boolean; detailSaid?: boolean } | undefined {
  switch (key) {
    case 'noindex': {
      const directive = quoted(value);
      return directive === undefined
        ? { text: l10n.t('the page asks not to be indexed') }
        : { text: l10n.t('the page asks not to be indexed ({0})', directive), valueSaid: true };
    }
    case 'https_encryption':
      return { text: l10n.t('the page is not served over HTTPS'), detailSaid: true };
    case '404_page':
      return { text: l10n.t('a page that does not exist is not answered with 404 (Not Found)'), valueSaid: typeof value === 'boolean' };
    case 'headings':
      return { text: l10n.t('no <h1> heading') };
    case 'content_keywords':
      return { text: l10n.t('words of the title not found in the text') };
    case 'image_keywords': {
      const n = countOf(detail);
      if (n === undefined) return { text: l10n.t('images without alt text') };
      return { text: n === 1 ? l10n.t('1 image without alt text') : l10n.t('{0} images without alt text', n) };
    }
    case 'social':
      return { text: l10n.t('no links to social profiles') };
    default:
      return undefined;
  }
}

/** Tags named in a `bad_tags` detail at most. */
const TAGS_NAMED = 10;

/** "uses tags it should not: <center> (2), <font>": the tags of a detail `{tag: count}` or `[tag]`; undefined for another shape. */
function badTagsWords(detail: unknown): string | undefined {
  const entries: [string, unknown][] = Array.isArray(detail)
    ? detail.map((name) => [String(name), undefined])
    : typeof detail === 'object' && detail !== null
      ? Object.entries(detail)
      : [];
  const named = entries.filter(([name]) => /^[a-z][a-z0-9-]{0,30}$/i.test(name));
  if (named.length === 0 || named.length !== entries.length) return undefined;
  const said = named
    .slice(0, TAGS_NAMED)
    .map(([name, n]) => (typeof n === 'number' && n > 1 ? `<${name.toLowerCase()}> (${n})` : `<${name.toLowerCase()}>`));
  const more = named.length - said.length;
  const list = more > 0 ? l10n.t('{0} and {1} more', said.join(', '), more) : said.join(', ');
  return l10n.t('uses tags it should not: {0}', list);
}

/** The errors of the check `key` in its own words where they mislead as kinds. */
export function readErrors(key: string | undefined, errors: readonly CheckError[], value: unknown): ReadErrors {
  let valueSaid = false;
  const read = errors.map((error): CheckError => {
    if (error.kind === 'bad_tags' && 'detail' in error) {
      const tags = badTagsWords(error.detail);
      if (tags !== undefined) return { kind: error.kind, text: tags };
    }
    const words = key !== undefined && error.kind === 'missing' ? missingWords(key, error.detail, value) : undefined;
    if (words === undefined) return error;
    if (words.valueSaid) valueSaid = true;
    return 'detail' in error && !words.detailSaid
      ? { kind: error.kind, text: words.text, detail: error.detail }
      : { kind: error.kind, text: words.text };
  });
  return { errors: read, valueSaid };
}
