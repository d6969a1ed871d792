// The names of the pages `check --local` rates, decided with the editor in core/sources/pageOfFile.ts:
// a built file whose page the config knows (`sources` map the file, or map its page to a source
// file that exists, or the folder is `preview.dir`) is named by its URL — its path (in the folder,
// or on the preview) on the site's origin (the origin of the config's `sources`, the published
// site, whose reports --compare reads and whose URLs the rules match; else `preview.origin`) — and
// analysed with it. Any other page is named by its path alone (`/blog/x/`), analysed without a
// URL (the checks that need one are not judged) and matched by the rules' path patterns (`/blog/**`).

// The one mapping of built files and page paths, shared with the editor's preview.
export { decodedSegments, pageKey, pathOfBuiltFile } from '../../core/config/pagePreview';
export { matchableUrl, siteOriginOf } from '../../core/sources/pageOfFile';

/** The page's name: its URL on `origin`, else the path itself. */
export function pageName(origin: string | undefined, pathAndQuery: string): string {
  return origin === undefined ? pathAndQuery : new URL(pathAndQuery, origin).href;
}
