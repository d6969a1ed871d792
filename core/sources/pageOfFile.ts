// Which page a local file is, and which source file a page has, decided once for the editor (an
// HTML file as typed, a page source) and `check --local` (a build folder's files), so both judge a
// page from the same inputs: the config's `sources` and `preview`, and the file's place.
//
// An HTML file is a page with a URL when the config vouches for that URL: `sources` map the file
// itself (it is its page's source), or it is a built file in the build folder (`preview.dir`, or the
// folder `check --local` is given) and the config knows its page — the folder is `preview.dir`, or
// `sources` map the page to a source file that exists. Such a page is analysed with its URL (the
// URL's checks judged). A built file of a folder the config does not know is named by its path
// alone (`/offer.html`) and analysed without a URL; an HTML file outside a build folder has no name.
//
// A page's source file is the one `sources` map it to, when that file exists: a pattern such as
// `{page}` → `content/{page}.md` maps every page, also those no file produces.
import { statSync } from 'node:fs';
import * as path from 'node:path';
import type { PagePreview } from '../config/pagePreview';
import { pathOfBuiltFile } from '../config/pagePreview';
import { compileSources, type SourceEntry, type SourceMatcher } from './pageSources';

/** Source files whose existence is kept known in one run (a stat each). */
export const MAX_EXISTENCE_CACHED = 4_096;

export interface PageInputs {
  sources?: readonly SourceEntry[];
  preview?: PagePreview;
}

export interface PageOfFile {
  /** What reports and rules call the page: its URL, else its path alone. */
  name: string;
  /** The URL it is analysed with; absent: the checks that need one are not judged. */
  url?: string;
}

/** What the rules match a page's name against: a path alone is put on a neutral origin. */
export function matchableUrl(name: string): string {
  return name.startsWith('/') ? `http://localhost${name}` : name;
}

/** `file` (absolute) relative to `dir` (absolute) with `/`, or undefined when it is not inside. */
export function inside(dir: string, file: string): string | undefined {
  const relative = path.relative(dir, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep).join('/');
}

/** The config's pages, for one config folder (`root`, absolute). */
export class PagesOfConfig {
  private readonly matcher: SourceMatcher | undefined;
  private readonly existing = new Map<string, boolean>();
  /** The origin pages are named on: the `sources`' (the published site), else `preview.origin`. */
  readonly site: string | undefined;

  /** `remember`: keep each source file's existence for the object's life (one run of the command line). */
  constructor(
    private readonly inputs: PageInputs,
    readonly root: string,
    private readonly remember = false,
  ) {
    const compiled = inputs.sources?.length ? compileSources(inputs.sources) : undefined;
    this.matcher = compiled?.ok ? compiled.matcher : undefined;
    this.site = siteOriginOf(inputs);
  }

  get mapsSources(): boolean {
    return this.matcher !== undefined;
  }

  /** The page's source file (relative to root, with `/`) when `sources` map it and it exists. */
  sourceOf(url: string): string | undefined {
    const file = this.matcher?.sourceFileOf(url);
    return file !== undefined && this.exists(file) ? file : undefined;
  }

  /** The page a file (relative to root, with `/`) is the source of, by `sources`. */
  pageUrlOf(file: string): string | undefined {
    return this.matcher?.pageUrlOf(file);
  }

  /**
   * Which page the HTML file `file` (absolute) is. `buildDir` (absolute): the folder of built files
   * it is read from — `check --local`'s folder; in the editor, `preview.dir` (the default).
   */
  pageOfHtml(file: string, buildDir = this.previewDir()): PageOfFile | undefined {
    const own = inside(this.root, file);
    const mapped = own === undefined ? undefined : this.pageUrlOf(own);
    if (mapped !== undefined) return { name: mapped, url: mapped };
    const inDir = buildDir === undefined ? undefined : inside(buildDir, file);
    if (inDir === undefined) return undefined;
    const pagePath = pathOfBuiltFile(inDir);
    if (this.site === undefined) return { name: pagePath };
    const url = new URL(pagePath, this.site).href;
    const known = buildDir === this.previewDir() || this.sourceOf(url) !== undefined;
    return known ? { name: url, url } : { name: pagePath };
  }

  /** `preview.dir` as an absolute path, when the config names a build folder. */
  previewDir(): string | undefined {
    const preview = this.inputs.preview;
    return preview && 'dir' in preview ? path.resolve(this.root, ...preview.dir.split('/')) : undefined;
  }

  private exists(file: string): boolean {
    const known = this.existing.get(file);
    if (known !== undefined) return known;
    const full = path.resolve(this.root, ...file.split('/'));
    let found = false;
    try {
      found = inside(this.root, full) !== undefined && statSync(full).isFile();
    } catch {
      found = false;
    }
    if (!this.remember) return found;
    if (this.existing.size >= MAX_EXISTENCE_CACHED) this.existing.delete(this.existing.keys().next().value as string);
    this.existing.set(file, found);
    return found;
  }
}

/** The site's origin pages are named on: the first of `sources`' origins, else `preview.origin`. */
export function siteOriginOf(inputs: PageInputs): string | undefined {
  for (const entry of inputs.sources ?? []) {
    const origin = originOf(entry.url.replace(/\{[^}]*\}/g, 'x'));
    if (origin) return origin;
  }
  return inputs.preview && 'origin' in inputs.preview ? originOf(inputs.preview.origin) : undefined;
}

function originOf(text: string): string | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
