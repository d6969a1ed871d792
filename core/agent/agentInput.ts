// The inputs of the agent tools, checked before anything is read or sent: a wrong input is an
// AgentInputError that names the field and says how to change it, so the model can correct its
// own call. The MCP server's schemas and the editor's manifest describe the same fields; this is
// the check both faces rely on (a host may pass what its schema did not promise).
// l10n-exempt-file: answers for a language model, in English whatever the display language (agentAnswer.ts).
import { urlProblem } from '../client/validateInput';
import { ApiError } from '../client/errors';
import { validateReportId } from '../client/validateInput';
import type { ReportId } from '../client/types';
import { RESULT_VALUES, type ReportResult } from '../client/types';
import { AgentInputError } from './agentAnswer';

export type ToolInput = Readonly<Record<string, unknown>>;

/** The last page find_reports asks for: a model paging past it is looping. */
export const MAX_PAGE = 1_000;
/** Characters of a search, a project name, a check's name at most. */
export const MAX_TEXT_INPUT = 200;
/** Paths of one check_urls call at most. */
export const MAX_PATHS = 50;

/** The input as a record of fields; a field it does not know is refused by name. */
export function fieldsOf(input: unknown, known: readonly string[]): ToolInput {
  if (input === undefined || input === null) return {};
  if (typeof input !== 'object' || Array.isArray(input)) throw new AgentInputError('input', 'The input must be an object of named fields.');
  const fields = input as ToolInput;
  for (const name of Object.keys(fields)) {
    if (!known.includes(name)) {
      const list = known.length ? known.join(', ') : 'none';
      throw new AgentInputError(name, `"${name.slice(0, 40)}" is not a field of this tool; its fields are: ${list}.`);
    }
  }
  return fields;
}

/** An optional text field: a string of at most `max` characters, or absent ("" counts as absent). */
export function optionalText(input: ToolInput, field: string, max = MAX_TEXT_INPUT): string | undefined {
  const value = input[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new AgentInputError(field, `${field} must be text (a string), or left out.`);
  const text = value.trim();
  if (text.length > max) throw new AgentInputError(field, `${field} is longer than ${max} characters; shorten it.`);
  return text === '' ? undefined : text;
}

/** `result`: good, decent or bad, or absent. */
export function resultField(input: ToolInput): ReportResult | undefined {
  const text = optionalText(input, 'result');
  if (text === undefined) return undefined;
  const word = text.toLowerCase();
  if ((RESULT_VALUES as readonly string[]).includes(word)) return word as ReportResult;
  throw new AgentInputError(
    'result',
    `result must be "good", "decent" or "bad" (or left out for every rating), not ${JSON.stringify(text.slice(0, 40))}.`,
  );
}

/** `page`: a whole number from 1, default 1. */
export function pageField(input: ToolInput): number {
  const value = input.page;
  if (value === undefined || value === null) return 1;
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_PAGE) return n;
  throw new AgentInputError('page', `page must be a whole number from 1 to ${MAX_PAGE} (1 is the first page).`);
}

/** An absolute http(s) URL in `field`. */
export function urlField(input: ToolInput, field: string): string | undefined {
  const text = optionalText(input, field, 2_048);
  if (text === undefined) return undefined;
  const problem = urlProblem(text);
  if (problem) throw new AgentInputError(field, `${field}: ${problem} Give an absolute http(s) URL such as https://www.example.com/page.`);
  return text;
}

export type ReportRef = { id: ReportId } | { url: string };

/** `{id}` or `{url}`: exactly one of them. */
export function reportRef(input: ToolInput): ReportRef {
  const hasId = input.id !== undefined && input.id !== null && input.id !== '';
  const url = urlField(input, 'url');
  if (hasId && url !== undefined) throw new AgentInputError('id', 'Give either id or url, not both: leave out one of them.');
  if (url !== undefined) return { url };
  if (!hasId) {
    throw new AgentInputError('id', "Give the report: id (a report id from find_reports) or url (the page's absolute http(s) URL).");
  }
  const raw = input.id;
  if (typeof raw !== 'number' && typeof raw !== 'string') {
    throw new AgentInputError('id', 'id must be a report id (a number such as 42, or the id text find_reports showed).');
  }
  const id = typeof raw === 'string' && /^\d+$/.test(raw.trim()) && Number.isSafeInteger(Number(raw)) ? Number(raw) : raw;
  try {
    validateReportId(id);
  } catch (error) {
    if (error instanceof ApiError) throw new AgentInputError('id', `id: ${error.message} Use an id find_reports showed, such as 42.`);
    throw error;
  }
  return { id };
}

/** Exactly one of `fields` is given: its name. */
export function oneOf(input: ToolInput, fields: readonly string[]): string {
  const given = fields.filter((f) => input[f] !== undefined && input[f] !== null && input[f] !== '');
  if (given.length === 1) return given[0];
  const list = fields.join(', ');
  if (given.length === 0) throw new AgentInputError(fields[0], `Give one of: ${list}.`);
  throw new AgentInputError(given[1], `Give only one of ${list}; ${given.join(' and ')} were given: leave out all but one.`);
}
