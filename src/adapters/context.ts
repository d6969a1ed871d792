// What every command family needs, handed over by the composition root.
import * as vscode from 'vscode';
import { ReportActions } from '../actions/reportActions';
import { ReportsModel } from '../model/reportsModel';
import { Connection } from '../platform/connection';
import { KeyStore } from '../platform/keyStore';
import { KnownAccount } from '../platform/knownAccount';
import { ShownFailures } from '../platform/shownFailures';
import type { ReportsView } from '../views/reportsView';

export interface CommandContext {
  readonly connection: Connection;
  readonly keys: KeyStore;
  readonly model: ReportsModel;
  /** Every change to reports goes through these typed actions. */
  readonly actions: ReportActions;
  readonly view: ReportsView;
  readonly log: vscode.LogOutputChannel;
  /** The words of the failure notifications shown so far. */
  readonly failures: ShownFailures;
  /** The account name last read, for the status bar (optional: the status bar shows it if known). */
  readonly account?: KnownAccount;
}
