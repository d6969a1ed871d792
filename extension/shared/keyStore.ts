// Where the API key lives: VS Code's SecretStorage, else the WEBREPORTS_API_KEY environment
// variable (automation and the demo). Never settings, global state or logs.
//
// A stored key is bound to the origin of the service it was checked against: when the base URL
// points somewhere else (another service, or a half-typed address), the key is not offered, so it
// is never sent to an origin the user did not sign in to.
import * as vscode from 'vscode';
import { KEY_ENV_NAME } from '../../core/client/apiKey';

export const SECRET_NAME = 'webReports.apiKey';
export const ENV_KEY_NAME = KEY_ENV_NAME;

export type KeySource = 'secret-storage' | 'environment';

interface StoredKey {
  origin: string;
  key: string;
}

function parseStored(value: string | undefined): StoredKey | undefined {
  if (!value) return undefined;
  try {
    const parsed = JSON.parse(value) as Partial<StoredKey>;
    return typeof parsed.key === 'string' && parsed.key && typeof parsed.origin === 'string'
      ? { key: parsed.key, origin: parsed.origin }
      : undefined;
  } catch {
    return undefined; // not ours: treated as no key
  }
}

export class KeyStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the stored key changes, here or in another window. */
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;
  private cached?: Promise<StoredKey | undefined>;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.subscription = secrets.onDidChange((e) => {
      if (e.key !== SECRET_NAME) return;
      this.cached = undefined;
      this.changed.fire();
    });
  }

  private stored(): Promise<StoredKey | undefined> {
    this.cached ??= Promise.resolve(this.secrets.get(SECRET_NAME)).then(parseStored, () => undefined);
    return this.cached;
  }

  private envKey(): string | undefined {
    return this.env[ENV_KEY_NAME]?.trim() || undefined;
  }

  /** The key for the service at `origin`: the stored one if it was checked there, else the environment's. */
  async get(origin: string | undefined): Promise<string | undefined> {
    const stored = await this.stored();
    if (stored && origin && stored.origin === origin) return stored.key;
    return this.envKey();
  }

  async source(origin: string | undefined): Promise<KeySource | undefined> {
    const stored = await this.stored();
    if (stored && origin && stored.origin === origin) return 'secret-storage';
    return this.envKey() ? 'environment' : undefined;
  }

  async store(key: string, origin: string): Promise<void> {
    const value: StoredKey = { origin, key };
    await this.secrets.store(SECRET_NAME, JSON.stringify(value));
    this.cached = Promise.resolve(value);
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
