// The Markdown of the pull-request comment and the issue: a hidden marker (how the comment is found
// again), the pages whose rating changed against the base branch, then the findings (the markdown
// format's table). Every value is escaped by cli/formats/escape.ts (no HTML, link, mention or table
// break from a URL or a check name), and the whole stays under GitHub's 65,536-character limit: rows
// that do not fit are counted ("…and N more").
import { redactReport, type GateReport } from '../../core/config/gateReport';
import { reportLinkOf } from '../../core/config/reportLink';
import { roundedScore } from '../../core/checks/rating';
import { productVersion } from '../../core/productVersion';
import { formatMarkdown } from '../formats/markdown';
import { markdownCode, markdownHref } from '../../core/text/markdownText';
import type { PageChange } from './changes';

/** The hidden first line of the one comment (and the one issue) this command keeps. */
export const MARKER = '<!-- website-reports -->';
/** Characters of a comment or issue body: under GitHub's 65,536, with room for the notes. */
export const MAX_COMMENT_CHARS = 60_000;
/** The share of it the changed pages may take; the findings get the rest. */
const CHANGES_SHARE = 0.5;

export interface BodyInput {
  report: GateReport;
  /** undefined: no baseline, so nothing to compare with. */
  changes: PageChange[] | undefined;
  reportLink?: string;
  /** Takes the key (and the token) out of every text. */
  clean: (text: string) => string;
  /** Lines after the findings (the run's page). */
  footer?: string[];
}

export function commentBody(input: BodyInput): string {
  const findings = formatMarkdown(redactReport(input.report, input.clean), input.reportLink).trimEnd().split('\n');
  if (findings[0] === '## Website Reports') findings.splice(0, 2);
  const head = [MARKER, '## Website Reports', ''];
  // Last, which version wrote it (the job summary is this body too).
  const footer = ['', ...(input.footer ?? []).flatMap((line) => [line, '']), `_website-reports ${productVersion()}_`];
  const room = MAX_COMMENT_CHARS - length(head) - length(footer);
  const changes = fit(changeLines(input), Math.floor(room * CHANGES_SHARE), 'changed page(s)');
  const rest = fit(['### Findings', '', ...findings], room - length(changes), 'row(s) of findings; the full report is in the job summary');
  return `${[...head, ...changes, '', ...rest, ...footer].join('\n')}\n`;
}

function changeLines(input: BodyInput): string[] {
  if (!input.changes) {
    return [
      '### Changed against the base branch',
      '',
      '_No baseline was given, so nothing to compare with: pass `--baseline` (the action: `baseline`)._',
    ];
  }
  if (!input.changes.length) return ['### Changed against the base branch', '', "No page's report changed against the base branch."];
  const lines = [
    '### Changed against the base branch',
    '',
    '| page | rating | score | newly failing | fixed |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const c of input.changes) {
    const rating = `${c.before ? c.before.rating : 'new'} → ${c.now.rating}`;
    const link = reportLinkOf(input.reportLink, c.reportId);
    const shownRating = link === undefined ? rating : `[${rating}](${markdownHref(link)})`;
    const checks = (names: string[]) => (names.length ? names.map((n) => markdownCode(input.clean(n))).join(', ') : '—');
    lines.push(
      `| ${markdownCode(input.clean(c.url))} | ${shownRating} | ${score(c.before?.score)} → ${score(c.now.score)} | ${checks(c.newlyFailing)} | ${checks(c.fixed)} |`,
    );
  }
  return lines;
}

function score(value: number | undefined): string {
  return value === undefined ? '—' : String(roundedScore(value));
}

function length(lines: string[]): number {
  return lines.reduce((n, l) => n + l.length + 1, 0);
}

/** The lines that fit in `budget` characters, whole; the table rows left out are counted on a last line. */
export function fit(lines: string[], budget: number, what: string): string[] {
  const reserve = 200;
  const kept: string[] = [];
  let used = 0;
  let i = 0;
  for (; i < lines.length; i++) {
    const cost = lines[i].length + 1;
    if (used + cost > budget - reserve) break;
    kept.push(lines[i]);
    used += cost;
  }
  if (i === lines.length) return kept;
  const left = lines.slice(i).filter((l) => l.startsWith('| ') && !l.startsWith('| ---')).length;
  return [...kept, '', `…and ${left} more ${what}.`];
}
