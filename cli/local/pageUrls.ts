// The names of the pages `check --local` rates. A page is named by its published URL: the path
// (of its built file, or on the preview) on the site's origin — the origin of the config's
// `sources` (the published site, whose reports --compare reads and whose URLs the rules match),
// else the config's `preview.origin`. Without either a page is named by its path alone
// (`/blog/x/`), analysed without a URL (the checks that need one are not judged) and matched by
// the rules' path patterns (`/blog/**`).
import type { GateConfig } from '../../core/config/configFile';

// The one mapping of built files and page paths, shared with the editor's preview.
export { decodedSegments, pageKey, pathOfBuiltFile } from '../../core/config/pagePreview';

/** The site's origin the pages are named on, or undefined. */
export function siteOriginOf(config: GateConfig): string | undefined {
  for (const entry of config.sources ?? []) {
    const origin = originOf(entry.url.replace(/\{[^}]*\}/g, 'x'));
    if (origin) return origin;
  }
  return config.preview && 'origin' in config.preview ? originOf(config.preview.origin) : undefined;
}

function originOf(text: string): string | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The page's name: its URL on `origin`, else the path itself. */
export function pageName(origin: string | undefined, pathAndQuery: string): string {
  return origin === undefined ? pathAndQuery : new URL(pathAndQuery, origin).href;
}

/** What the rules match a page's name against: a path alone is put on a neutral origin. */
export function matchableUrl(name: string): string {
  return name.startsWith('/') ? `http://localhost${name}` : name;
}
