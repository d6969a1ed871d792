// What the agent tools need of the face that runs them (the MCP server of the command line, the
// editor's language-model tools): the one client and its pacer, the one URL lookup, the one set of
// report actions, the local history of runs, the analyser, and how a file or a preview is read.
// Each face builds these once; the tools (core/agent/*Tools.ts) only combine them and word the answer.
// l10n-exempt-file: answers for a language model, in English whatever the display language (agentAnswer.ts).
import type { LocalAnalysis } from '../analysis/localAnalysis';
import type { ReportsClient } from '../client/client';
import type { PerPage } from '../client/types';
import type { GateReport } from '../config/gateReport';
import type { RunHistory } from '../history/runHistory';
import type { ReportActions } from '../reports/reportActions';
import type { UrlLookup } from '../reports/urlLookup';
import type { PreviewPage } from '../sources/previewFetch';

/** A page's HTML read for check_page, with the name it is known by (a path, the address read). */
export interface PageText {
  html: string;
  /** The page's published or preview address, when known: links and URL checks are judged against it. */
  url?: string;
  /** How the page is named in the answer (a path relative to the project, an address). */
  name: string;
}

export interface AgentServices {
  /** The service's client; throws an ApiError (kind 'not-configured' with what to set) when there is none. */
  client(): ReportsClient;
  lookup: UrlLookup;
  actions: ReportActions;
  /** The runs kept on this machine (report_changes); undefined: no history is kept here. */
  history?: RunHistory;
  /** Where the history is kept, for the answer that says there is none yet. */
  historyPlace?: string;
  /** The config's `reportLink` template, when one is set. */
  reportLink?: string;
  /** Removes the key (and any other secret) from a text: run over every answer. */
  clean(text: string): string;
  /** The local analysis of a page (off the main thread, with its time limit). */
  analyse(html: string, url?: string): Promise<LocalAnalysis>;
  /** A file of the project for check_page; throws an Error whose message says why it cannot be read. */
  readFile(path: string): Promise<PageText>;
  /** The page open in the editor, when check_page is given none (the editor only). */
  activePage?(): PageText | undefined;
  /** A page of a preview (a dev server) by its address, through the bounded preview reader. */
  readPreview(url: string): Promise<PreviewPage>;
  /** What `check` says of the URLs written in these files (read-only: nothing is created); absent where no such check runs. */
  checkUrls?(paths: readonly string[]): Promise<GateReport>;
  /** How many reports find_reports lists a page (the API's values). */
  perPage?: PerPage;
  now(): number;
}
