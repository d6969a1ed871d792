// What every command family needs, handed over by the composition root.
import * as vscode from 'vscode';
import { ReportActions } from '../../core/reports/reportActions';
import type { RunHistory } from '../../core/history/runHistory';
import { ReportsModel } from '../../core/list/reportsModel';
import { Connection } from './connection';
import { KeyStore } from './keyStore';
import { KnownAccount } from './knownAccount';
import { ShownFailures } from './shownFailures';
import type { ReportsView } from '../reports/reportsView';

export interface CommandContext {
  readonly connection: Connection;
  readonly keys: KeyStore;
  readonly model: ReportsModel;
  /** Every change to reports goes through these typed actions. */
  readonly actions: ReportActions;
  readonly view: ReportsView;
  /** The local history of report runs (what changed since the last run). */
  readonly history: RunHistory;
  readonly log: vscode.LogOutputChannel;
  /** The words of the failure notifications shown so far. */
  readonly failures: ShownFailures;
  /** The account name last read, for the status bar (optional: the status bar shows it if known). */
  readonly account?: KnownAccount;
}
