// Keeps the index of URLs written in the workspace's files (core/urls/workspaceIndex.ts): built
// once when first asked (never at activation), then kept current file by file — an edit re-reads
// only that document, a file created, changed or deleted on disk only that file. VS Code's
// files.exclude and search.exclude are VS Code's globs; the config's include, exclude and
// ignoreUrls are the core's patterns, asked per file (`scope`), as `check` matches them. Large and
// binary files are skipped (the index notes why).
import * as vscode from 'vscode';
import { excludedByVsCode } from '../shared/settings';
import { KeyedDebounce } from '../../core/lifecycle/keyedDebounce';
import { Disposable } from '../../core/lifecycle/disposables';
import { MAX_INDEXED_FILES, WorkspaceUrlIndex } from '../../core/urls/workspaceIndex';
import { MAX_FILE_BYTES } from '../../core/urls/urlsInFiles';
import { CONFIG_FILE_NAME } from '../../core/config/configName';

/** What the config says of one file: undefined when it does not cover it, else which of its URLs count. */
export type FileScope = (uri: vscode.Uri) => Promise<{ keepUrl: (url: string) => boolean } | undefined>;

/** Files read at once while the index is built. */
const READ_CONCURRENCY = 16;
/** The config's URL patterns (`…/blog/{slug}`) are no pages. */
const ALWAYS_EXCLUDED = `**/${CONFIG_FILE_NAME}`;
/** An edit is indexed after the typing pauses this long. */
const EDIT_DEBOUNCE_MS = 250;

/** The glob of every pattern set to `true` in files.exclude and search.exclude, and the configs' own files. */
export function excludeGlob(): string | undefined {
  const patterns = new Set<string>([ALWAYS_EXCLUDED, ...excludedByVsCode()]);
  // A brace group may not nest braces in every glob engine: patterns that hold one are left out.
  const list = [...patterns].filter((p) => p.trim() !== '' && !p.includes('{') && !p.includes('}'));
  return list.length === 0 ? undefined : `{${list.join(',')}}`;
}

export class WorkspaceScanner extends Disposable {
  readonly index = new WorkspaceUrlIndex();
  private readonly changed = new vscode.EventEmitter<void>();
  /** The URLs of some file changed (or the index was built). */
  readonly onDidChange = this.changed.event;
  private built?: Promise<void>;
  private readonly pendingEdits = new KeyedDebounce(EDIT_DEBOUNCE_MS);

  constructor(
    private readonly log: vscode.LogOutputChannel,
    /** The config's word on a file (every file, every URL when not given). */
    private readonly scope: FileScope = async () => ({ keepUrl: () => true }),
  ) {
    super();
    this.register(this.changed);
  }

  /** Whether the index was asked for (and so is kept current). */
  get started(): boolean {
    return this.built !== undefined;
  }

  /** Builds the index on the first call; later calls wait for that build. */
  ensureBuilt(): Promise<void> {
    if (!this.built) {
      this.built = this.build();
      this.watch();
    }
    return this.built;
  }

  /** Forgets everything and builds again (the excludes or the folders changed). */
  rebuild(): Promise<void> {
    if (!this.built) return Promise.resolve(); // never asked for: nothing to keep current
    this.index.clear();
    this.built = this.build();
    return this.built;
  }

  private async build(): Promise<void> {
    const started = Date.now();
    const uris = await vscode.workspace.findFiles('**/*', excludeGlob() ?? null, MAX_INDEXED_FILES + 1);
    if (uris.length > MAX_INDEXED_FILES) {
      this.log.warn(`The workspace has more than ${MAX_INDEXED_FILES} files; the URLs of the first ${MAX_INDEXED_FILES} are shown.`);
    }
    const queue = uris.slice(0, MAX_INDEXED_FILES);
    const worker = async (): Promise<void> => {
      for (let uri = queue.shift(); uri; uri = queue.shift()) {
        const scope = await this.scope(uri);
        if (scope) await this.readFile(uri, scope.keepUrl);
      }
    };
    await Promise.all(Array.from({ length: READ_CONCURRENCY }, worker));
    const skipped = this.index.notes.skipped.size;
    this.log.info(
      `Indexed the URLs of ${this.index.fileCount} files in ${Date.now() - started} ms: ${this.index.urlCount} distinct URLs` +
        (skipped ? `, ${skipped} files skipped (large or binary)` : '') +
        '.',
    );
    this.changed.fire();
  }

  /** Reads a file into the index (only the URLs `keep` accepts): an open document's text, else the file's bytes. */
  private async readFile(uri: vscode.Uri, keep: (url: string) => boolean): Promise<boolean> {
    const key = uri.toString();
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
    if (open) return this.index.setText(key, open.getText(), keep);
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if (stat.type & vscode.FileType.Directory) return false;
      if (stat.size > MAX_FILE_BYTES) {
        this.index.remove(key);
        this.index.notes.skipped.set(key, `larger than ${MAX_FILE_BYTES} bytes`); // l10n-exempt: a note for the log
        return false;
      }
      return this.index.setBytes(key, await vscode.workspace.fs.readFile(uri), keep);
    } catch (error) {
      this.log.debug(`Could not read ${key} for its URLs: ${String(error)}`);
      this.index.remove(key);
      return false;
    }
  }

  /** The config's word on a file of the workspace the index covers (not excluded by VS Code); undefined when not covered. */
  private async covered(uri: vscode.Uri): Promise<{ keepUrl: (url: string) => boolean } | undefined> {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    if (!folder) return undefined;
    const relative = vscode.workspace.asRelativePath(uri, false);
    const found = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, relative), excludeGlob() ?? null, 1);
    return found.length > 0 ? this.scope(uri) : undefined;
  }

  private watch(): void {
    const watcher = vscode.workspace.createFileSystemWatcher('**/*');
    const onDisk = async (uri: vscode.Uri): Promise<void> => {
      if (vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString())) return; // its edits are followed
      const had = this.index.urlsIn(uri.toString()).length > 0;
      const scope = await this.covered(uri);
      if (scope) await this.readFile(uri, scope.keepUrl);
      else this.index.remove(uri.toString());
      if (had || this.index.urlsIn(uri.toString()).length > 0) this.changed.fire();
    };
    this.registerAll(
      watcher,
      watcher.onDidCreate((uri) => void onDisk(uri)),
      watcher.onDidChange((uri) => void onDisk(uri)),
      watcher.onDidDelete((uri) => {
        // A folder deleted takes its files with it.
        const prefix = `${uri.toString()}/`;
        let removed = false;
        for (const file of this.index.fileNames()) {
          if (file === uri.toString() || file.startsWith(prefix)) {
            this.index.remove(file);
            removed = true;
          }
        }
        if (removed) this.changed.fire();
      }),
      vscode.workspace.onDidChangeTextDocument((e) => this.edited(e.document)),
      this.pendingEdits,
    );
  }

  /** An edit: the document's text is indexed again once typing pauses (only when the file is covered). */
  private edited(document: vscode.TextDocument): void {
    this.pendingEdits.schedule(document.uri.toString(), () => void this.indexEdit(document));
  }

  /** Indexes an edited document now (tests call it to skip the pause). */
  async indexEdit(document: vscode.TextDocument): Promise<void> {
    const key = document.uri.toString();
    // A file indexed already passed VS Code's excludes: only the config is asked again.
    const scope = this.index.has(key) ? await this.scope(document.uri) : await this.covered(document.uri);
    if (!scope) {
      if (!this.index.has(key)) return;
      this.index.remove(key);
    } else {
      // Lines move with an edit even when the URLs stay: the view is told either way.
      this.index.setText(key, document.getText(), scope.keepUrl);
    }
    this.changed.fire();
  }
}
