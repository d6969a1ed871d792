// Which page a workspace file produces: the nearest website-reports.json's `sources` (core/sources)
// map the file, relative to the config's folder, to the page's published URL. Shared by the
// page-source Problems and the local checks; the compiled patterns kept per loaded config.
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { compileSources, type SourceMatcher } from '../../core/sources/pageSources';
import type { GateConfigs, LoadedConfig } from './gateConfig';

export interface PageOfFile {
  url: string;
  config: LoadedConfig;
}

export class PagesOfFiles {
  private readonly matchers = new WeakMap<LoadedConfig, SourceMatcher | undefined>();

  constructor(private readonly configs: GateConfigs) {}

  private matcherOf(config: LoadedConfig): SourceMatcher | undefined {
    if (!this.matchers.has(config)) {
      const compiled = config.config.sources ? compileSources(config.config.sources) : undefined;
      this.matchers.set(config, compiled?.ok ? compiled.matcher : undefined);
    }
    return this.matchers.get(config);
  }

  /** The config that applies to a file on disk, if any. */
  async configOf(uri: vscode.Uri): Promise<LoadedConfig | undefined> {
    if (uri.scheme !== 'file' && uri.scheme !== 'vscode-remote') return undefined;
    return this.configs.forDocument(uri).catch(() => undefined);
  }

  /** The page a file produces, by the nearest config's sources; undefined when none maps it. */
  async pageOf(uri: vscode.Uri): Promise<PageOfFile | undefined> {
    const config = await this.configOf(uri);
    const matcher = config && this.matcherOf(config);
    if (!config || !matcher) return undefined;
    const url = matcher.pageUrlOf(path.posix.relative(config.dir.path, uri.path));
    return url ? { url, config } : undefined;
  }
}
