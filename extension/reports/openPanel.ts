// One open report panel as the panel and its actions both see it: the webview, its channel, the
// record shown and the runs it is compared with.
import type * as vscode from 'vscode';
import type { Report } from '../../core/client/types';
import type { RunSnapshot } from '../../core/history/snapshot';
import type { WebviewChannel } from '../shared/webviewChannel';

export interface OpenPanel {
  panel: vscode.WebviewPanel;
  channel: WebviewChannel;
  report: Report;
  /** Whether `report` is the full record from the service (not yet: only the id is known). */
  loaded: boolean;
  /** An action from this panel is running: it shows its own outcome, the tree's echo is skipped. */
  acting?: boolean;
  /** The runs of the report's URL in the history, oldest first (read with the record). */
  runs?: readonly RunSnapshot[];
  /** The earlier run picked to compare with (an index into `runs`); the one before the newest by default. */
  compareWith?: number;
}
