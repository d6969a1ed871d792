// Where the API key lives: VS Code's SecretStorage, else the WEBREPORTS_API_KEY environment
// variable (automation and the demo). Never settings, global state or logs.
import * as vscode from 'vscode';

export const SECRET_NAME = 'webReports.apiKey';
export const ENV_KEY_NAME = 'WEBREPORTS_API_KEY';

export type KeySource = 'secret-storage' | 'environment';

export class KeyStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the stored key changes, here or in another window. */
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;
  private cached?: Promise<string | undefined>;

  constructor(private readonly secrets: vscode.SecretStorage, private readonly env: NodeJS.ProcessEnv = process.env) {
    this.subscription = secrets.onDidChange((e) => {
      if (e.key !== SECRET_NAME) return;
      this.cached = undefined;
      this.changed.fire();
    });
  }

  private stored(): Promise<string | undefined> {
    this.cached ??= Promise.resolve(this.secrets.get(SECRET_NAME)).then((v) => v || undefined, () => undefined);
    return this.cached;
  }

  async get(): Promise<string | undefined> {
    return (await this.stored()) ?? (this.env[ENV_KEY_NAME]?.trim() || undefined);
  }

  async source(): Promise<KeySource | undefined> {
    if (await this.stored()) return 'secret-storage';
    return this.env[ENV_KEY_NAME]?.trim() ? 'environment' : undefined;
  }

  async store(key: string): Promise<void> {
    await this.secrets.store(SECRET_NAME, key);
    this.cached = Promise.resolve(key);
  }

  async delete(): Promise<void> {
    await this.secrets.delete(SECRET_NAME);
    this.cached = Promise.resolve(undefined);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
