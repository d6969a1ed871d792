// The Markdown of the hover over a URL in a document, as a pure function so it is unit-tested.
// Every value the service sent goes in as a code span of plain text (no link, HTML, icon or
// command URI can come from data); the only links are the fixed command links built here, and
// `commands` lists exactly their ids for `isTrusted`.
import * as l10n from '@vscode/l10n';
import { Report } from '../api/types';
import { COMMAND, CommandId, commandUri } from '../ids';
import { codeSpan, plainText } from './plainText';
import { ratingOf, roundedScore } from './rating';
import { fullTime, privacyLabel, privacyName, RATING_ICONS, ratingLabel } from './vocabulary';

export const HOVER_COMMANDS = {
  open: COMMAND.openReport,
  rerun: COMMAND.rerunReport,
  copy: COMMAND.copyReportUrl,
  create: COMMAND.createReport,
} as const;

export interface HoverText {
  markdown: string;
  /** The command ids the Markdown links to: exactly what `isTrusted.enabledCommands` allows. */
  commands: string[];
}

function commandLink(title: string, command: CommandId, args: unknown[]): string {
  return `[${title}](${commandUri(command, ...args)} "${title}")`;
}

/** The hover for `url` with its latest report, or with none yet. */
export function hoverText(url: string, report: Report | undefined, now?: Date): HoverText {
  if (!report) {
    return {
      markdown: `${l10n.t('**Website Reports** · no report yet for {0}', codeSpan(plainText(url, 200)))}\n\n${commandLink(l10n.t('Create Report'), HOVER_COMMANDS.create, [url])}`,
      commands: [HOVER_COMMANDS.create],
    };
  }
  const rating = ratingOf(report);
  const label = `$(${RATING_ICONS[rating.band].icon}) **${ratingLabel(rating.band)}**`;
  const lines = [
    rating.score === undefined
      ? l10n.t('{0} · Website Reports', label)
      : l10n.t('{0} · score {1} · Website Reports', label, roundedScore(rating.score)),
  ];
  const generated = fullTime(report.generated_at, now);
  if (generated) lines.push(l10n.t('Generated {0}', codeSpan(plainText(generated))));
  lines.push(l10n.t('Privacy: {0}', privacyLabel(privacyName(report.privacy))));
  if (report.project !== undefined && report.project !== null && report.project !== '') {
    lines.push(l10n.t('Project: {0}', codeSpan(plainText(report.project, 120))));
  }
  lines.push(l10n.t('Report {0}', codeSpan(plainText(report.id, 40))));
  const id = [report.id];
  const links = [
    commandLink(l10n.t('Open Report'), HOVER_COMMANDS.open, id),
    commandLink(l10n.t('Re-run'), HOVER_COMMANDS.rerun, id),
    commandLink(l10n.t('Copy URL'), HOVER_COMMANDS.copy, id),
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
