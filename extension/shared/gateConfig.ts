// The team's `website-reports.json`, as the editor reads it: for a document, the nearest config in
// its folder or a parent folder up to its workspace folder (as the command line finds it from its
// working directory). Read on first use, never at activation; read again when a config changes.
// The editor never takes `baseUrl` from it: the key goes only where the user's own setting points
// (a config in a cloned repository must not be able to send the key elsewhere).
import * as path from 'node:path';
import * as vscode from 'vscode';
import { CONFIG_FILE_NAME, ConfigError, type GateConfig } from '../../core/config/configFile';
import { configInFolder, configThrough, type ConfigEntry } from '../../core/config/configInFolder';
import { RuleSet } from '../../core/config/rules';
import { coveredFiles } from '../../core/config/coveredFiles';
import { Disposable } from '../../core/lifecycle/disposables';
import { plainText } from '../../core/text/plainText';

export interface LoadedConfig {
  config: GateConfig;
  rules: RuleSet;
  /** The folder the config is in; include/exclude are relative to it. */
  dir: vscode.Uri;
  /** Whether a document (by its path relative to `dir`, with `/`) is one the config covers. */
  covers: (relativePath: string) => boolean;
}

export class GateConfigs extends Disposable {
  private readonly byDir = new Map<string, Promise<LoadedConfig | undefined>>();
  private readonly changed = new vscode.EventEmitter<void>();
  /** A config was created, changed or deleted. */
  readonly onDidChange = this.changed.event;
  private watching = false;
  private readonly warned = new Set<string>();

  constructor(private readonly log: vscode.LogOutputChannel) {
    super();
    this.register(this.changed);
  }

  /** The config that applies to a document, with whether it covers it; undefined when none applies. */
  async forDocument(uri: vscode.Uri): Promise<LoadedConfig | undefined> {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    if (!folder) return undefined;
    this.watch();
    let dir = vscode.Uri.joinPath(uri, '..');
    // From the document's folder up to the workspace folder, the first config found.
    for (let depth = 0; depth < 64; depth++) {
      const loaded = await this.at(dir);
      if (loaded) return loaded;
      if (dir.toString() === folder.uri.toString() || !dir.path.startsWith(folder.uri.path)) return undefined;
      dir = vscode.Uri.joinPath(dir, '..');
    }
    return undefined;
  }

  /** The config at the root of the first workspace folder (the workspace view's excludes and maxAgeDays). */
  async forWorkspace(): Promise<LoadedConfig | undefined> {
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (!folder) return undefined;
    this.watch();
    return this.at(folder.uri);
  }

  private at(dir: vscode.Uri): Promise<LoadedConfig | undefined> {
    const key = dir.toString();
    let loading = this.byDir.get(key);
    if (!loading) {
      loading = this.read(dir);
      this.byDir.set(key, loading);
    }
    return loading;
  }

  private async read(dir: vscode.Uri): Promise<LoadedConfig | undefined> {
    const file = vscode.Uri.joinPath(dir, CONFIG_FILE_NAME);
    try {
      const config = await this.load(file);
      if (!config) return undefined; // no config here
      this.log.info(`Using ${vscode.workspace.asRelativePath(file)} for the URLs of the files under it.`);
      return { config, rules: new RuleSet(config), dir, covers: coveredFiles(config).covers };
    } catch (error) {
      if (error instanceof ConfigError) this.warn(file, error.message);
      else this.log.warn(`${vscode.workspace.asRelativePath(file)} could not be read: ${String(error)}`);
      return undefined;
    }
  }

  /** Core reads it as the command line does: on disk confined to the workspace folder, else through VS Code. */
  private async load(file: vscode.Uri): Promise<GateConfig | undefined> {
    const root = vscode.workspace.getWorkspaceFolder(file)?.uri;
    if (file.scheme === 'file' && root?.scheme === 'file') {
      return configInFolder(path.relative(root.fsPath, file.fsPath), root.fsPath);
    }
    const stat = await Promise.resolve(vscode.workspace.fs.stat(file)).catch(() => undefined);
    const entry: ConfigEntry | undefined = stat && {
      kind: stat.type & vscode.FileType.SymbolicLink ? 'link' : stat.type & vscode.FileType.Directory ? 'folder' : 'file',
      size: stat.size,
    };
    return configThrough(vscode.workspace.asRelativePath(file), entry, () => Promise.resolve(vscode.workspace.fs.readFile(file)));
  }

  /** A config that cannot be used is said once per content: in the log and a notification. */
  private warn(file: vscode.Uri, message: string): void {
    this.log.warn(`${message} The rules of this file are not applied until it is fixed.`);
    if (this.warned.has(message)) return;
    this.warned.add(message);
    void vscode.window.showWarningMessage(
      // The message may quote the file (a JSON error): plain text, so no link or icon can form.
      vscode.l10n.t(
        'Website Reports: {0} cannot be used: {1}',
        plainText(vscode.workspace.asRelativePath(file), 200),
        plainText(message, 300),
      ),
    );
  }

  private watch(): void {
    if (this.watching) return;
    this.watching = true;
    const watcher = vscode.workspace.createFileSystemWatcher(`**/${CONFIG_FILE_NAME}`);
    const reset = () => {
      this.byDir.clear();
      this.changed.fire();
    };
    this.registerAll(watcher, watcher.onDidCreate(reset), watcher.onDidChange(reset), watcher.onDidDelete(reset));
  }
}
