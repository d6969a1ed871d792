// The history of report runs kept on this computer: every report record the client reads is
// recorded; its commands copy what changed between runs and clear the history.
import * as vscode from 'vscode';
import { RunHistory } from '../../core/history/runHistory';
import type { CommandContext } from '../shared/context';
import type { Feature } from '../shared/register';
import { historyCommands } from './history';
import { openHistoryStore } from './historyStorage';

/** Made now, opened on first use: nothing is read or written at activation. */
export function createRunHistory(globalStorage: vscode.Uri, log: vscode.LogOutputChannel): RunHistory {
  return new RunHistory(
    () => openHistoryStore(globalStorage, log),
    (level, message) => log[level](message),
  );
}

export function historyFeature(ctx: CommandContext) {
  return {
    commands: historyCommands(ctx),
    // Every report record the client reads: its run goes into the history (in the background).
    disposables: [ctx.connection.onDidReadReports(({ origin, records }) => void ctx.history.record(origin, records))],
  } satisfies Feature;
}
