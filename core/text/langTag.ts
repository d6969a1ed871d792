// One answer to "is this a language tag?" for everything that reads one or writes one into a
// page: the config's `lang`, a page's `<html lang>` read to learn the site's language, and the
// fix that writes `lang` into a page. A primary subtag of 2–3 letters, as BCP 47 assigns them:
// "english" is a word, not a tag, and is never written into a page.

/** A language tag as BCP 47 writes it (`en`, `de-CH`, `zh-Hant-TW`). */
const LANG_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,4}$/;

/** Whether `value` is a well-formed language tag. */
export function isLangTag(value: unknown): value is string {
  return typeof value === 'string' && LANG_TAG.test(value);
}
