// A list of URLs for a question people read: the first few, one a line, then "… and N more".
import * as l10n from '@vscode/l10n';
import { plainText } from './plainText';

/** URLs named at most; the rest are counted. */
export const URLS_NAMED = 5;

export function namedUrls(urls: readonly string[], max = URLS_NAMED): string {
  const named = urls.slice(0, max).map((u) => `• ${plainText(u, 120)}`);
  const more = urls.length - named.length;
  if (more > 0) named.push(more === 1 ? l10n.t('… and 1 more') : l10n.t('… and {0} more', more));
  return named.join('\n');
}
