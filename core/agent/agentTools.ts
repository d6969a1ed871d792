// The agent tools, once: their names (the contract), what each says it does, its fields, and its
// run — an input in, a short text out. The MCP server (cli/mcp/) and the editor's language-model
// tools (extension/agentTools/) both list and run them from here; neither words an answer itself.
// l10n-exempt-file: answers for a language model, in English whatever the display language (agentAnswer.ts).
import { AnalysisError } from '../analysis/analysisError';
import { ApiError } from '../client/errors';
import { AgentInputError, MAX_ANSWER_CHARS, withinBound, type AgentAnswer } from './agentAnswer';
import { fieldsOf } from './agentInput';
import type { AgentServices } from './agentServices';
import { serviceFailure } from './agentWords';
import { reportChanges } from './changesTool';
import { checkUrls } from './checkUrlsTool';
import { explainCheck } from './explainTool';
import { checkPage } from './pageTools';
import { findReports, getReport } from './reportTools';
import { createReport, rerunReport } from './writeTools';

export type FieldKind = 'text' | 'url' | 'result' | 'page' | 'id' | 'paths' | 'privacy' | 'html';

export interface ToolField {
  name: string;
  kind: FieldKind;
  /** What to give, for the model (the schema's description, and the message of a wrong type). */
  hint: string;
}

export type AgentToolName =
  | 'find_reports'
  | 'get_report'
  | 'report_changes'
  | 'check_page'
  | 'check_urls'
  | 'explain_check'
  | 'create_report'
  | 'rerun_report';

export interface AgentTool {
  name: AgentToolName;
  title: string;
  description: string;
  fields: readonly ToolField[];
  /** Writes to the service: offered only when writes are allowed. */
  writes: boolean;
  run(input: Readonly<Record<string, unknown>>, services: AgentServices): Promise<string> | string;
}

const ID: ToolField = { name: 'id', kind: 'id', hint: 'The report id (from find_reports). Give id or url, not both.' };
const URL_FIELD: ToolField = {
  name: 'url',
  kind: 'url',
  hint: "The page's absolute http(s) URL; its latest report is used. Give id or url, not both.",
};

export const AGENT_TOOLS: readonly AgentTool[] = [
  {
    name: 'find_reports',
    title: 'Find reports',
    description:
      "Lists the website reports of the account, a page at a time: each page's URL, score (percent; good > 79, bad < 49), rating and age, and how to get the next page. Filter by URL text, rating or project.",
    fields: [
      { name: 'search', kind: 'text', hint: 'Text the page URLs contain, e.g. a host or a path.' },
      { name: 'result', kind: 'result', hint: 'Only reports rated "good", "decent" or "bad".' },
      { name: 'project', kind: 'text', hint: 'Only reports of this project.' },
      { name: 'page', kind: 'page', hint: 'The page of the list, from 1 (default 1).' },
    ],
    writes: false,
    run: findReports,
  },
  {
    name: 'get_report',
    title: 'Get a report',
    description:
      "One page's latest report: score, rating, the failed checks by name with what is wrong and their importance, how many passed, when it was generated, and its link.",
    fields: [ID, URL_FIELD],
    writes: false,
    run: getReport,
  },
  {
    name: 'report_changes',
    title: 'What changed in a report',
    description:
      "A report's last run against the run before it (from the history of runs kept on this machine): score before → after, the checks newly failing and those fixed. Says so when no earlier run is known, and gives the current state.",
    fields: [ID, URL_FIELD],
    writes: false,
    run: reportChanges,
  },
  {
    name: 'check_page',
    title: 'Check a page locally',
    description:
      "Runs the report service's checks on a page here, before it is published (no service needed): a local .html file of the project, a preview URL (a dev server), or HTML text. Gives the local score, the failed checks with their line numbers, and which have a deterministic fix.",
    fields: [
      { name: 'path', kind: 'text', hint: 'An .html file of the project, relative to it.' },
      { name: 'url', kind: 'url', hint: "A preview's address (a dev server) to read the page from." },
      { name: 'html', kind: 'html', hint: "The page's HTML text." },
    ],
    writes: false,
    run: checkPage,
  },
  {
    name: 'check_urls',
    title: 'Check the URLs written in files',
    description:
      "What `website-reports check` says of the http(s) URLs written in the project's files: each URL's latest report judged by the rules of website-reports.json, worst first. Read-only: never creates a report.",
    fields: [{ name: 'paths', kind: 'paths', hint: 'Files or folders relative to the project (default: the whole project).' }],
    writes: false,
    run: checkUrls,
  },
  {
    name: 'explain_check',
    title: 'Explain a check',
    description:
      "What one check of the analysis means, why it matters, and how to fix it in the page's source (and whether a quick fix exists).",
    fields: [{ name: 'check', kind: 'text', hint: 'The check\'s key (e.g. meta_description) or its name (e.g. "Meta description").' }],
    writes: false,
    run: (input) => explainCheck(input),
  },
  {
    name: 'create_report',
    title: 'Create a report',
    description:
      'Asks the report service to analyse a page and keep a report of it (a write). A page that has a report already is not reported twice: re-run it instead.',
    fields: [
      { name: 'url', kind: 'url', hint: "The page's absolute http(s) URL." },
      { name: 'privacy', kind: 'privacy', hint: '0 public (anyone with the link may view it; default) or 1 private (only the account).' },
    ],
    writes: true,
    run: createReport,
  },
  {
    name: 'rerun_report',
    title: 'Re-run a report',
    description: 'Asks the report service to analyse the page of a report again (a write), and gives the new score against the old.',
    fields: [ID, URL_FIELD],
    writes: true,
    run: rerunReport,
  },
];

/** The tools offered: the writing ones only when writes are allowed. */
export function offeredTools(allowWrites: boolean): readonly AgentTool[] {
  return AGENT_TOOLS.filter((t) => allowWrites || !t.writes);
}

/**
 * Runs a tool: its answer, or a tool error for bad input (naming the field), a service that is
 * down or not configured, or a page that could not be analysed. Every answer goes through the
 * face's redactor and within MAX_ANSWER_CHARS.
 */
export async function runAgentTool(tool: AgentTool, input: unknown, services: AgentServices): Promise<AgentAnswer> {
  const known = tool.fields.map((f) => f.name);
  let text: string;
  let isError = false;
  try {
    text = await tool.run(fieldsOf(input, known), services);
  } catch (error) {
    isError = true;
    if (error instanceof AgentInputError) text = `Change the input (${error.field}): ${error.message}`;
    else if (error instanceof ApiError) text = serviceFailure(error);
    else if (error instanceof AnalysisError) text = `The page could not be analysed: ${error.message}. Give a smaller or simpler page.`;
    else text = `${tool.name} failed: ${error instanceof Error ? error.message : String(error)}`;
  }
  return { text: withinBound(services.clean(text), MAX_ANSWER_CHARS), isError };
}
