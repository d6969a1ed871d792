// Which files a config covers: its `include` and `exclude`, matched in the one pattern dialect
// (core/urls/urlPattern.ts) against a path relative to the config's folder, with `/`. The walk of
// `check`, the editor's Problems and the URLs in Workspace view ask here, so they cannot disagree.
import { anyOf } from '../urls/urlPattern';

export interface FileCover {
  /** A folder (`docs/drafts`) that `exclude` leaves out whole, as itself or with a trailing `/`: the walk never enters it. */
  prunes(folder: string): boolean;
  /** A file whose folders are known not pruned (the walk's own): `include` matches it and `exclude` does not. */
  takes(path: string): boolean;
  /** Any file by its whole path: `takes` it and none of its folders is pruned. */
  covers(path: string): boolean;
}

export function coveredFiles(config: { include: readonly string[]; exclude: readonly string[] }): FileCover {
  const included = anyOf(config.include);
  const excluded = anyOf(config.exclude);
  const prunes = (folder: string) => excluded(folder) || excluded(`${folder}/`);
  const takes = (path: string) => included(path) && !excluded(path);
  return {
    prunes,
    takes,
    covers(path) {
      if (!takes(path)) return false;
      for (let slash = path.indexOf('/'); slash > 0; slash = path.indexOf('/', slash + 1)) {
        if (prunes(path.slice(0, slash))) return false;
      }
      return true;
    },
  };
}
