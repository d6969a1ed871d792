// check_urls: what `website-reports check` says of the URLs written in the project's files — each
// URL's latest report judged by the config's rules — read-only: nothing is created or re-run. The
// judging is the command line's own (the face hands it over as `checkUrls`); this only words it.
// l10n-exempt-file: answers for a language model, in English whatever the display language (agentAnswer.ts).
import type { GateReport, UrlResult } from '../config/gateReport';
import { roundedScore } from '../checks/rating';
import { AgentInputError, MAX_ANSWER_CHARS, quoted, rowsWithin } from './agentAnswer';
import { MAX_PATHS, type ToolInput } from './agentInput';
import type { AgentServices } from './agentServices';

const ORDER: Readonly<Record<string, number>> = { bad: 0, decent: 1, none: 2, good: 3 };

function worstFirst(a: UrlResult, b: UrlResult): number {
  const errors = (r: UrlResult) => r.findings.filter((f) => f.level === 'error').length;
  return errors(b) - errors(a) || (ORDER[a.rating] ?? 9) - (ORDER[b.rating] ?? 9) || (a.score ?? 101) - (b.score ?? 101);
}

function pathsOf(input: ToolInput): string[] {
  const value = input.paths;
  if (value === undefined || value === null) return [];
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.some((p) => typeof p !== 'string' || p.trim() === '' || p.length > 1_000)) {
    throw new AgentInputError(
      'paths',
      'paths must be a list of file or folder paths relative to the project, such as ["docs", "README.md"], or left out for the whole project.',
    );
  }
  if (list.length > MAX_PATHS) throw new AgentInputError('paths', `paths lists more than ${MAX_PATHS}; give their common folder instead.`);
  return list as string[];
}

function rowOf(r: UrlResult): string {
  const score = r.score === undefined ? '' : ` ${roundedScore(r.score)}`;
  const at = r.occurrences[0];
  const where = at
    ? ` (written at ${quoted(at.file, 120)}:${at.line}${r.occurrences.length > 1 ? ` and ${r.occurrences.length - 1} more places` : ''})`
    : '';
  const worst = r.findings.find((f) => f.level === 'error') ?? r.findings.find((f) => f.level === 'warn') ?? r.findings[0];
  const finding = worst ? ` — ${worst.level} ${worst.rule}: ${quoted(worst.message, 200)}` : '';
  return `- ${r.rating}${score} · ${quoted(r.url, 200)}${where}${finding}`;
}

export function gateText(report: GateReport, paths: readonly string[]): string {
  const s = report.summary;
  const where = paths.length ? paths.map((p) => quoted(p, 100)).join(', ') : 'the project';
  const head = [
    `check of the URLs written in ${where} (read-only: nothing was created): ${s.urls} URLs — bad ${s.ratings.bad}, decent ${s.ratings.decent}, good ${s.ratings.good}, no report ${s.ratings.none}; findings: ${s.errors} errors, ${s.warnings} warnings, ${s.notes} notes (the config's rules).`,
    s.errors > 0 ? '`website-reports check` would fail (exit 1).' : '`website-reports check` would pass.',
  ];
  if (s.skippedFiles.length) head.push(`Files not read: ${s.skippedFiles.length}.`);
  const rows = [...report.urls].sort(worstFirst).map(rowOf);
  const { shown, left } = rowsWithin(rows, MAX_ANSWER_CHARS - head.join('\n').length - 300);
  const more = left ? [`… and ${left} more URLs (better rated) left out to keep the answer short: give narrower paths.`] : [];
  return [
    ...head,
    'Worst first (quoted: text from files and reports):',
    ...shown,
    ...more,
    "A report's failed checks: get_report with the url.",
  ].join('\n');
}

export async function checkUrls(input: ToolInput, services: AgentServices): Promise<string> {
  const paths = pathsOf(input);
  if (!services.checkUrls) return "check_urls runs only in the command line's MCP server (`website-reports mcp`).";
  return gateText(await services.checkUrls(paths), paths);
}
