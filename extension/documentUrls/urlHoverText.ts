// The Markdown of the hover over a URL in a document, as a pure function so it is unit-tested.
// Every value the service sent goes in as a code span of plain text (no link, HTML, icon or
// command URI can come from data); the only links are the fixed command links built here, and
// `commands` lists exactly their ids for `isTrusted`. Bounded: each value is cut, and a link
// whose argument would be longer than MAX_LINK_ARGUMENT is left out, so the whole hover stays
// within HOVER_MAX_CHARS whatever the record holds. Any value is accepted: the record's fields
// are read without running its code (`ownFields`), and a value that is not text shows as nothing.
import * as l10n from '@vscode/l10n';
import { Report } from '../../core/client/types';
import { COMMAND, CommandId, commandUri } from '../ids';
import { codeSpan } from '../../core/text/markdownText';
import { plainText } from '../../core/text/plainText';
import { ownFields } from '../../core/text/safeText';
import { ratingOf, roundedScore } from '../../core/checks/rating';
import { fullTime, privacyLabel, privacyName } from '../../core/text/vocabulary';
import { RATING_ICONS, ratingLabel } from '../../core/checks/ratingWords';

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

/** Characters shown of the URL under the pointer, of a project, of a report id. */
export const HOVER_URL_CHARS = 200;
export const HOVER_PROJECT_CHARS = 120;
export const HOVER_ID_CHARS = 40;
/** Characters of a command link's JSON arguments at most (a URL up to 2,048 characters fits). */
export const MAX_LINK_ARGUMENT = 2100;
/**
 * The hover's Markdown is never longer than this: four lines of capped values and words, and at
 * most three links whose arguments are each at most MAX_LINK_ARGUMENT characters, percent-encoded
 * (up to 9 characters each: a 3-byte UTF-8 character as %XX%XX%XX).
 */
export const HOVER_MAX_CHARS = 4000 + 3 * (9 * MAX_LINK_ARGUMENT + 200);

/** The JSON arguments of a link, or undefined when they cannot be sent in one (too long, not JSON). */
function linkArguments(args: unknown[]): string | undefined {
  for (const arg of args) {
    if (typeof arg === 'string' && arg.length > MAX_LINK_ARGUMENT) return undefined;
    if (typeof arg !== 'string' && !(typeof arg === 'number' && Number.isFinite(arg))) return undefined;
  }
  const json = JSON.stringify(args);
  return json.length > MAX_LINK_ARGUMENT ? undefined : json;
}

/** A fixed command link, or undefined when its arguments cannot go in one. */
function commandLink(title: string, command: CommandId, args: unknown[]): string | undefined {
  return linkArguments(args) === undefined ? undefined : `[${title}](${commandUri(command, ...args)} "${title}")`;
}

/** The hover for `url` with its latest report, or with none yet. */
/** `trend`: the score against the run before (changeWords.ts trendSince), when the history has one. */
export function hoverText(url: string, found: Report | undefined, now?: Date, trend?: string): HoverText {
  const shownUrl = codeSpan(plainText(url, HOVER_URL_CHARS));
  if (!found) {
    const create = commandLink(l10n.t('Create Report'), HOVER_COMMANDS.create, [url]);
    return {
      markdown: `${l10n.t('**Website Reports** · no report yet for {0}', shownUrl)}${create === undefined ? '' : `\n\n${create}`}`,
      commands: create === undefined ? [] : [HOVER_COMMANDS.create],
    };
  }
  const report = ownFields(found, ['id', 'result', 'score', 'privacy', 'project', 'generated_at']);
  const rating = ratingOf(report);
  const label = `$(${RATING_ICONS[rating.band].icon}) **${ratingLabel(rating.band)}**`;
  const lines = [
    rating.score === undefined
      ? l10n.t('{0} · Website Reports', label)
      : l10n.t('{0} · score {1} · Website Reports', label, roundedScore(rating.score)),
  ];
  if (trend) lines.push(l10n.t('Trend: {0}', codeSpan(plainText(trend, HOVER_URL_CHARS))));
  const generated = fullTime(report.generated_at, now);
  if (generated) lines.push(l10n.t('Generated {0}', codeSpan(plainText(generated))));
  lines.push(l10n.t('Privacy: {0}', privacyLabel(privacyName(report.privacy))));
  const project = plainText(report.project, HOVER_PROJECT_CHARS);
  if (project !== '') lines.push(l10n.t('Project: {0}', codeSpan(project)));
  lines.push(l10n.t('Report {0}', codeSpan(plainText(report.id, HOVER_ID_CHARS))));
  const id = [report.id];
  const links = [
    commandLink(l10n.t('Open Report'), HOVER_COMMANDS.open, id),
    commandLink(l10n.t('Re-run'), HOVER_COMMANDS.rerun, id),
    commandLink(l10n.t('Copy URL'), HOVER_COMMANDS.copy, id),
  ];
  // An id that cannot go in a link (too long, not a string or number) gets no links at all.
  if (links.some((link) => link === undefined)) return { markdown: lines.join('  \n'), commands: [] };
  return {
    markdown: `${lines.join('  \n')}\n\n${links.join(' · ')}`,
    commands: [HOVER_COMMANDS.open, HOVER_COMMANDS.rerun, HOVER_COMMANDS.copy],
  };
}

/** The hover for `url` when its lookup failed: unknown, so no Create Report (it may have one). */
export function uncheckedHoverText(url: string, reason: string): HoverText {
  const shownUrl = codeSpan(plainText(url, HOVER_URL_CHARS));
  return {
    markdown: l10n.t('**Website Reports** · could not check {0}: {1}', shownUrl, codeSpan(plainText(reason, HOVER_PROJECT_CHARS * 2))),
    commands: [],
  };
}

/** The badge text after a URL: "● 74", or the band's label when there is no score. */
export function badgeText(report: Report): string {
  const rating = ratingOf(ownFields(report, ['result', 'score']));
  return rating.score === undefined ? `● ${ratingLabel(rating.band)}` : `● ${roundedScore(rating.score)}`;
}
