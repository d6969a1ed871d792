// Page sources with a preview (website-reports.json's `preview`): the page of the source file in
// front is analysed from its preview — fetched from the preview origin when the source is saved
// (a dev server renders the new text), or read from the build folder when its built file changes
// (a generator's watch mode rebuilt it; a watcher on the built file) — and the result is shown on
// the source (LocalChecks.checkSource). Built files are read confined to the workspace folder.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { builtFilesOf, previewUrlOf } from '../../core/config/pagePreview';
import { readConfined, ReadProblem } from '../../core/files/confinedRead';
import { KeyedDebounce } from '../../core/lifecycle/keyedDebounce';
import { Disposable } from '../../core/lifecycle/disposables';
import { fetchPreviewPage, MAX_PREVIEW_PAGE_BYTES } from '../../core/sources/previewFetch';
import type { PageOfFile, PagesOfFiles } from '../shared/pagesOfFiles';
import { localChecksOn, readProxySettings, readSettings } from '../shared/settings';
import { isHtmlFile, type LocalChecks } from './localChecks';

/** A rebuild writes files one after another: the built file is read once it has been quiet this long. */
export const REBUILD_DEBOUNCE_MS = 300;
/** How often the built files of a followed source are looked at, besides the watcher. */
const BUILT_POLL_MS = 2_000;
/** Source files whose built files are watched at once, at most (the visible ones; the oldest let go). */
export const MAX_WATCHED_SOURCES = 20;

export class PreviewChecks extends Disposable {
  private readonly watched = new Map<string, vscode.Disposable>();
  private readonly rebuilds = new KeyedDebounce(REBUILD_DEBOUNCE_MS);

  constructor(
    private readonly checks: LocalChecks,
    private readonly files: PagesOfFiles,
  ) {
    super();
    this.registerAll(
      this.rebuilds,
      vscode.window.onDidChangeActiveTextEditor((e) => e && void this.follow(e.document.uri)),
      vscode.workspace.onDidSaveTextDocument((d) => void this.saved(d.uri)),
      vscode.workspace.onDidGrantWorkspaceTrust(() => {
        const uri = vscode.window.activeTextEditor?.document.uri;
        if (uri) void this.follow(uri);
      }),
      vscode.workspace.onDidCloseTextDocument((d) => this.unwatch(d.uri.toString())),
      { dispose: () => [...this.watched.keys()].forEach((k) => this.unwatch(k)) },
    );
    const front = vscode.window.activeTextEditor?.document.uri;
    if (front) void this.follow(front);
  }

  /** The page a source file produces and its preview, when the config names one. */
  private async previewed(uri: vscode.Uri): Promise<(PageOfFile & { preview: { origin: string } | { dir: string } }) | undefined> {
    if (isHtmlFile(uri)) return undefined; // an HTML file is analysed as typed
    const page = await this.files.pageOf(uri);
    const preview = page?.config.config.preview;
    return page && preview ? { ...page, preview } : undefined;
  }

  /** The source in front: its preview analysed once, and its built file watched. */
  private async follow(uri: vscode.Uri): Promise<void> {
    if (!localChecksOn()) return;
    const page = await this.previewed(uri);
    if (!page) return;
    if ('dir' in page.preview) this.watch(uri, page, page.preview.dir);
    await this.check(uri);
  }

  private async saved(uri: vscode.Uri): Promise<void> {
    if (!localChecksOn()) return;
    const page = await this.previewed(uri);
    // A build folder changes when the generator rebuilds: its watcher answers, not the save.
    if (page && 'origin' in page.preview) await this.check(uri);
  }

  private watch(uri: vscode.Uri, page: PageOfFile, dir: string): void {
    const key = uri.toString();
    if (this.watched.has(key)) return;
    if (this.watched.size >= MAX_WATCHED_SOURCES) this.unwatch(this.watched.keys().next().value as string);
    // One glob over the candidates: a glob is watched through the workspace's recursive watcher,
    // which also sees a file (and its folders) created after the watch began.
    const files = builtFilesOf(dir, page.url);
    if (files.length === 0) return;
    const globs = files.some((f) => /[*?[\]{},]/.test(f)) ? files : [files.length > 1 ? `{${files.join(',')}}` : files[0]];
    const watchers = globs.map((glob) => {
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(page.config.dir, glob));
      const rebuilt = () => this.rebuilds.schedule(key, () => void this.check(uri));
      watcher.onDidChange(rebuilt);
      watcher.onDidCreate(rebuilt);
      return watcher;
    });
    // A file watcher can miss changes (one still starting, a busy machine): the built files' size
    // and time are also looked at every BUILT_POLL_MS while the source is followed (a stat each).
    let seen = '';
    const poll = setInterval(() => {
      void this.builtStamp(page.config.dir, files).then((stamp) => {
        if (seen !== '' && stamp !== seen) rebuiltNow();
        seen = stamp;
      });
    }, BUILT_POLL_MS);
    const rebuiltNow = () => this.rebuilds.schedule(key, () => void this.check(uri));
    void this.builtStamp(page.config.dir, files).then((stamp) => {
      if (seen === '') seen = stamp; // as it was when the following began
    });
    this.watched.set(key, vscode.Disposable.from(...watchers, { dispose: () => clearInterval(poll) }));
  }

  /** The built files' sizes and times, as one string ('' until read; 'none' when none exists). */
  private async builtStamp(dir: vscode.Uri, files: readonly string[]): Promise<string> {
    const stamps = await Promise.all(
      files.map((file) =>
        vscode.workspace.fs.stat(vscode.Uri.joinPath(dir, ...file.split('/'))).then(
          (s) => `${file}:${s.size}:${s.mtime}`,
          () => '',
        ),
      ),
    );
    return stamps.filter(Boolean).join('|') || 'none';
  }

  private unwatch(key: string): void {
    this.watched.get(key)?.dispose();
    this.watched.delete(key);
  }

  /** Analyses the source's page from its preview now; undefined when the file is no previewed page source. */
  async check(uri: vscode.Uri): Promise<vscode.Diagnostic[] | undefined> {
    const page = await this.previewed(uri);
    if (!page) return undefined;
    const html = 'origin' in page.preview ? await this.fetched(page.preview.origin, page.url) : await this.built(page.preview.dir, page);
    const rules = page.config.rules.effective(page.url);
    return (await this.checks.checkSource(uri, page.url, (check) => rules.checks[check], html)) ?? [];
  }

  private async fetched(origin: string, pageUrl: string): Promise<string | { failure: string }> {
    // The config may come from a cloned repository: its address is visited only once the workspace is trusted.
    if (!vscode.workspace.isTrusted) return { failure: vscode.l10n.t('Trust the workspace to read its preview at {0}.', origin) };
    const address = previewUrlOf(origin, pageUrl);
    if (!address) return { failure: vscode.l10n.t('The page URL has no address on the preview.') };
    const answer = await fetchPreviewPage(address, { serviceOrigin: readSettings().baseUrl || undefined, proxy: readProxySettings() });
    return answer.ok ? answer.html : { failure: answer.message };
  }

  /** The first built file of the page that exists, read confined to the workspace folder. */
  private async built(dir: string, page: PageOfFile): Promise<string | { failure: string }> {
    const candidates = builtFilesOf(dir, page.url);
    const root = vscode.workspace.getWorkspaceFolder(page.config.dir)?.uri.fsPath ?? page.config.dir.fsPath;
    for (const file of candidates) {
      try {
        return await readConfined(path.join(page.config.dir.fsPath, ...file.split('/')), { maxBytes: MAX_PREVIEW_PAGE_BYTES, cwd: root });
      } catch (error) {
        if (error instanceof ReadProblem && error.kind === 'missing') continue;
        return { failure: error instanceof Error ? error.message : String(error) };
      }
    }
    return { failure: vscode.l10n.t('The page is not built yet: none of {0} exists.', candidates.join(', ') || dir) };
  }
}
