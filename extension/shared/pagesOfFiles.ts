// Which page a workspace file produces: the nearest website-reports.json's `sources` (core/sources)
// map the file, relative to the config's folder, to the page's published URL. Shared by the
// page-source Problems and the local checks; the compiled patterns kept per loaded config. Which
// page an HTML file is, is decided with `check --local` (core/sources/pageOfFile.ts).
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { matchableUrl, PagesOfConfig } from '../../core/sources/pageOfFile';
import type { GateConfigs, LoadedConfig } from './gateConfig';

export interface PageOfFile {
  url: string;
  config: LoadedConfig;
}

/** An HTML file's page: `url` when the config knows it, else its name alone (a path) or none. */
export interface PageOfHtml {
  /** The URL it is analysed with; absent: the checks that need one are not judged. */
  url?: string;
  /** What the config's rules match (a path alone on a neutral origin, as the command line does). */
  ruleUrl: string;
  config: LoadedConfig;
}

export class PagesOfFiles {
  private readonly pages = new WeakMap<LoadedConfig, PagesOfConfig>();

  constructor(private readonly configs: GateConfigs) {}

  private pagesOf(config: LoadedConfig): PagesOfConfig {
    let pages = this.pages.get(config);
    if (!pages) {
      pages = new PagesOfConfig(config.config, config.dir.fsPath);
      this.pages.set(config, pages);
    }
    return pages;
  }

  /** The config that applies to a file on disk, if any. */
  async configOf(uri: vscode.Uri): Promise<LoadedConfig | undefined> {
    if (uri.scheme !== 'file' && uri.scheme !== 'vscode-remote') return undefined;
    return this.configs.forDocument(uri).catch(() => undefined);
  }

  /** The page a file produces, by the nearest config's sources; undefined when none maps it. */
  async pageOf(uri: vscode.Uri): Promise<PageOfFile | undefined> {
    const config = await this.configOf(uri);
    if (!config) return undefined;
    const url = this.pagesOf(config).pageUrlOf(path.posix.relative(config.dir.path, uri.path));
    return url ? { url, config } : undefined;
  }

  /** The page an HTML file is, as `check --local` names it: by `sources`, or as a built file of `preview.dir`. */
  async htmlPageOf(uri: vscode.Uri): Promise<PageOfHtml | undefined> {
    const config = await this.configOf(uri);
    const page = config && this.pagesOf(config).pageOfHtml(uri.fsPath);
    if (!config || !page) return undefined;
    return { ...(page.url === undefined ? {} : { url: page.url }), ruleUrl: matchableUrl(page.name), config };
  }
}
