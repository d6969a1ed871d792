// Keeps the index of URLs written in the workspace's files (core/urls/workspaceIndex.ts): built
// once when first asked (never at activation), then kept current file by file — an edit re-reads
// only that document, a file created, changed or deleted on disk only that file. Honours
// files.exclude, search.exclude and the excludes it is given; large and binary files are skipped
// (the index notes why).
import * as vscode from 'vscode';
import { excludedByVsCode } from '../shared/settings';
import { KeyedDebounce } from '../../core/lifecycle/keyedDebounce';
import { Disposable } from '../../core/lifecycle/disposables';
import { MAX_INDEXED_FILES, WorkspaceUrlIndex } from '../../core/urls/workspaceIndex';
import { MAX_FILE_BYTES } from '../../core/urls/urlsInFiles';
import { CONFIG_FILE_NAME } from '../../core/config/configName';

/** Files read at once while the index is built. */
const READ_CONCURRENCY = 16;
/** The config's URL patterns (`…/blog/{slug}`) are no pages. */
const ALWAYS_EXCLUDED = `**/${CONFIG_FILE_NAME}`;
/** An edit is indexed after the typing pauses this long. */
const EDIT_DEBOUNCE_MS = 250;

/** The glob of every pattern set to `true` in files.exclude and search.exclude, plus `extra`. */
export function excludeGlob(extra: readonly string[] = []): string | undefined {
  const patterns = new Set<string>([...extra, ...excludedByVsCode()]);
  // A brace group may not nest braces in every glob engine: patterns that hold one go alone.
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
    /** Globs the config excludes, read when a scan starts. */
    private readonly extraExcludes: () => Promise<readonly string[]> = async () => [],
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
    const uris = await vscode.workspace.findFiles(
      '**/*',
      excludeGlob([...(await this.extraExcludes()), ALWAYS_EXCLUDED]) ?? null,
      MAX_INDEXED_FILES + 1,
    );
    if (uris.length > MAX_INDEXED_FILES) {
      this.log.warn(`The workspace has more than ${MAX_INDEXED_FILES} files; the URLs of the first ${MAX_INDEXED_FILES} are shown.`);
    }
    const queue = uris.slice(0, MAX_INDEXED_FILES);
    const worker = async (): Promise<void> => {
      for (let uri = queue.shift(); uri; uri = queue.shift()) await this.readFile(uri);
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

  /** Reads a file into the index: an open document's text, else the file's bytes. */
  private async readFile(uri: vscode.Uri): Promise<boolean> {
    const key = uri.toString();
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
    if (open) return this.index.setText(key, open.getText());
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if (stat.type & vscode.FileType.Directory) return false;
      if (stat.size > MAX_FILE_BYTES) {
        this.index.remove(key);
        this.index.notes.skipped.set(key, `larger than ${MAX_FILE_BYTES} bytes`); // l10n-exempt: a note for the log
        return false;
      }
      return this.index.setBytes(key, await vscode.workspace.fs.readFile(uri));
    } catch (error) {
      this.log.debug(`Could not read ${key} for its URLs: ${String(error)}`);
      this.index.remove(key);
      return false;
    }
  }

  /** Whether a file of the workspace is one the index covers (not excluded). */
  private async covered(uri: vscode.Uri): Promise<boolean> {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    if (!folder) return false;
    const relative = vscode.workspace.asRelativePath(uri, false);
    const found = await vscode.workspace.findFiles(
      new vscode.RelativePattern(folder, relative),
      excludeGlob([...(await this.extraExcludes()), ALWAYS_EXCLUDED]) ?? null,
      1,
    );
    return found.length > 0;
  }

  private watch(): void {
    const watcher = vscode.workspace.createFileSystemWatcher('**/*');
    const onDisk = async (uri: vscode.Uri): Promise<void> => {
      if (vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString())) return; // its edits are followed
      const had = this.index.urlsIn(uri.toString()).length > 0;
      if (await this.covered(uri)) await this.readFile(uri);
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
    if (!this.index.has(key) && !(await this.covered(document.uri))) return;
    // Lines move with an edit even when the URLs stay: the view is told either way.
    this.index.setText(key, document.getText());
    this.changed.fire();
  }
}
