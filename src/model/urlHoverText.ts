// The Markdown of the hover over a URL in a document, as a pure function so it is unit-tested.
// Every value the service sent goes in as a code span of plain text (no link, HTML, icon or
// command URI can come from data); the only links are the fixed command links built here, and
// `commands` lists exactly their ids for `isTrusted`.
import { Report } from '../api/types';
import { codeSpan, plainText } from './plainText';
import { ratingOf, roundedScore } from './rating';
import { fullTime, privacyLabel, privacyName, RATING_ICONS, ratingLabel } from './vocabulary';

export const HOVER_COMMANDS = {
  open: 'webReports.openReport',
  rerun: 'webReports.rerunReport',
  copy: 'webReports.copyReportUrl',
  create: 'webReports.createReport',
} as const;

export interface HoverText {
  markdown: string;
  /** The command ids the Markdown links to: exactly what `isTrusted.enabledCommands` allows. */
  commands: string[];
}

/** Arguments as a URI query with every character Markdown could read as syntax escaped too. */
function encodeArgs(args: unknown[]): string {
  return encodeURIComponent(JSON.stringify(args)).replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function commandLink(title: string, command: string, args: unknown[]): string {
  return `[${title}](command:${command}?${encodeArgs(args)} "${title}")`;
}

/** The hover for `url` with its latest report, or with none yet. */
export function hoverText(url: string, report: Report | undefined, now?: Date): HoverText {
  if (!report) {
    return {
      markdown: `**Website Reports** · no report yet for ${codeSpan(plainText(url, 200))}\n\n${commandLink('Create Report', HOVER_COMMANDS.create, [url])}`,
      commands: [HOVER_COMMANDS.create],
    };
  }
  const rating = ratingOf(report);
  const score = rating.score === undefined ? '' : ` · score ${roundedScore(rating.score)}`;
  const lines = [`$(${RATING_ICONS[rating.band].icon}) **${ratingLabel(rating.band)}**${score} · Website Reports`];
  const generated = fullTime(report.generated_at, now);
  if (generated) lines.push(`Generated ${codeSpan(plainText(generated))}`);
  lines.push(`Privacy: ${privacyLabel(privacyName(report.privacy))}`);
  if (report.project !== undefined && report.project !== null && report.project !== '') {
    lines.push(`Project: ${codeSpan(plainText(report.project, 120))}`);
  }
  lines.push(`Report ${codeSpan(plainText(report.id, 40))}`);
  const id = [report.id];
  const links = [
    commandLink('Open Report', HOVER_COMMANDS.open, id),
    commandLink('Re-run', HOVER_COMMANDS.rerun, id),
    commandLink('Copy URL', HOVER_COMMANDS.copy, id),
  ];
  return {
    markdown: `${lines.join('  \n')}\n\n${links.join(' · ')}`,
    commands: [HOVER_COMMANDS.open, HOVER_COMMANDS.rerun, HOVER_COMMANDS.copy],
  };
}

/** The badge text after a URL: "● 74", or the band's label when there is no score. */
export function badgeText(report: Report): string {
  const rating = ratingOf(report);
  return rating.score === undefined ? `● ${ratingLabel(rating.band)}` : `● ${roundedScore(rating.score)}`;
}
