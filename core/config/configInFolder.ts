// The config the editor finds in a folder, read by the same rules as the command line's: on the
// local disk through loadConfig (a link out of the workspace folder is refused unread, as the CLI
// refuses it), and through another file system (a remote or virtual folder) with the same budget
// and checks — there where a link leads cannot be seen, so a link is refused.
import * as l10n from '@vscode/l10n';
import { ConfigError, configTooLarge, loadConfig, MAX_CONFIG_BYTES, parseConfig, type GateConfig } from './configFile';

/**
 * The config at `file` (named relative to `root`, the workspace folder), or undefined when there is
 * none or it is a folder; throws ConfigError as loadConfig does.
 */
export async function configInFolder(file: string, root: string): Promise<GateConfig | undefined> {
  try {
    return await loadConfig(file, root);
  } catch (error) {
    if (error instanceof ConfigError && (error.unread === 'missing' || error.unread === 'not-a-file')) return undefined;
    throw error;
  }
}

/** What a file system other than the local disk says is at the config's name. */
export interface ConfigEntry {
  kind: 'file' | 'folder' | 'link';
  size: number;
}

/** The config read through another file system: `entry` is undefined when nothing is there. */
export async function configThrough(
  file: string,
  entry: ConfigEntry | undefined,
  read: () => Promise<Uint8Array>,
): Promise<GateConfig | undefined> {
  if (!entry || entry.kind === 'folder') return undefined;
  if (entry.kind === 'link') {
    throw new ConfigError(
      file,
      undefined,
      l10n.t('It is a symbolic link in a remote or virtual folder, where its target cannot be checked; it was not read.'),
      'outside',
    );
  }
  if (entry.size > MAX_CONFIG_BYTES) throw configTooLarge(file);
  const bytes = await read();
  if (bytes.length > MAX_CONFIG_BYTES) throw configTooLarge(file);
  return parseConfig(new TextDecoder().decode(bytes), file);
}
