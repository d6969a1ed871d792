// A command's title as the Command Palette shows it, in the display language, for messages about
// the command ("The command “Create Website Report” failed.") instead of its internal id. Read
// from the manifest and its package.nls files only when a message needs it (a failure), once.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CommandId } from '../ids';

interface ManifestCommand {
  command?: unknown;
  title?: unknown;
}

export type TitleOf = (id: CommandId) => string;

/** Titles of the extension's contributed commands; the id itself when none can be read. */
export function commandTitles(extension: Pick<vscode.Extension<unknown>, 'packageJSON' | 'extensionPath'>): TitleOf {
  let titles: Map<string, string> | undefined;
  return (id) => {
    titles ??= readTitles(extension, vscode.env.language);
    return titles.get(id) ?? id;
  };
}

function readTitles(extension: Pick<vscode.Extension<unknown>, 'packageJSON' | 'extensionPath'>, language: string): Map<string, string> {
  const words = {
    ...readNls(extension.extensionPath, 'package.nls.json'),
    ...readNls(extension.extensionPath, `package.nls.${language}.json`),
  };
  const commands = (extension.packageJSON as { contributes?: { commands?: ManifestCommand[] } }).contributes?.commands ?? [];
  const titles = new Map<string, string>();
  for (const { command, title } of commands) {
    if (typeof command !== 'string' || typeof title !== 'string') continue;
    const key = /^%(.+)%$/.exec(title)?.[1];
    titles.set(command, key ? (words[key] ?? title) : title);
  }
  return titles;
}

function readNls(dir: string, file: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {}; // no such language: the English words stand
  }
}
