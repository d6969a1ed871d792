// What the tree's rows stand for: plain data, so commands that receive a row (a context menu's
// clicked and selected rows) can read it without depending on the view that draws it.
import type { Report, ReportResult } from '../client/types';

export type ReportsNode =
  | { kind: 'group'; result: ReportResult }
  | { kind: 'report'; result: ReportResult; report: Report }
  | { kind: 'loadMore'; result: ReportResult }
  | { kind: 'error'; result: ReportResult; message: string };

export function isReportNode(value: unknown): value is Extract<ReportsNode, { kind: 'report' }> {
  return typeof value === 'object' && value !== null && (value as ReportsNode).kind === 'report';
}

/** A URL row of the "URLs in Workspace" view, as its commands receive it. */
export interface WorkspaceUrlNode {
  kind: 'workspaceUrl';
  url: string;
  /** The id of the URL's latest report, when it has one. */
  reportId?: string | number;
}

export function isWorkspaceUrlNode(value: unknown): value is WorkspaceUrlNode {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as WorkspaceUrlNode).kind === 'workspaceUrl' &&
    typeof (value as WorkspaceUrlNode).url === 'string'
  );
}
