// report_changes: the report's last run against the one before it, from the history of runs this
// machine keeps (core/history: every record the client reads is recorded), compared by the one
// home of what changed (checkChanges, through diffRuns). The service keeps only the latest run: a
// report seen once here has no earlier run, and the answer says so and gives the current state.
// l10n-exempt-file: answers for a language model, in English whatever the display language (agentAnswer.ts).
import type { ReportsClient } from '../client/client';
import type { RunChange } from '../history/runHistory';
import type { RunSnapshot } from '../history/snapshot';
import { scoreChange } from '../history/changeWords';
import { parseTime } from '../text/serviceTime';
import { MAX_ANSWER_CHARS, quoted, rowsWithin } from './agentAnswer';
import { reportRef, type ToolInput } from './agentInput';
import type { AgentServices } from './agentServices';
import { checkLabel } from './agentWords';
import { noReport, reportOf, reportText } from './reportTools';

/** Checks named per list of a change at most; the rest are counted. */
const MAX_NAMED = 30;

function runWhen(run: RunSnapshot): string {
  const at = parseTime(run.generatedAt);
  return at ? at.toISOString().replace(/\.\d{3}Z$/, 'Z') : 'an unknown time';
}

function between(previous: RunSnapshot, current: RunSnapshot): string {
  const a = parseTime(previous.generatedAt);
  const b = parseTime(current.generatedAt);
  if (!a || !b) return '';
  const days = (b.getTime() - a.getTime()) / 86_400_000;
  if (days >= 1) return ` (${Math.round(days)} days apart)`;
  return days * 24 >= 1 ? ` (${Math.round(days * 24)} h apart)` : days > 0 ? ' (less than an hour apart)' : '';
}

function named(title: string, keys: readonly string[]): string[] {
  if (keys.length === 0) return [`${title}: none.`];
  const shown = keys.slice(0, MAX_NAMED).map((k) => `  - ${checkLabel(k)}`);
  const more = keys.length > MAX_NAMED ? [`  - … and ${keys.length - MAX_NAMED} more`] : [];
  return [`${title} (${keys.length}):`, ...shown, ...more];
}

export function changeText(change: RunChange): string {
  const { previous, current, diff } = change;
  const bands = diff.bandBefore === diff.bandAfter ? `still ${diff.bandAfter}` : `${diff.bandBefore} → ${diff.bandAfter}`;
  const lines = [
    `Changes of ${quoted(change.url, 500)} (quoted: text from the report).`,
    `Last run ${runWhen(current)} against the run before, ${runWhen(previous)}${between(previous, current)}.`,
    `Score ${scoreChange(diff.scoreBefore, diff.scoreAfter)}, ${bands}.`,
    ...named('Newly failing (passed before)', diff.newlyFailing),
    ...named('Fixed (failed before)', diff.fixed),
    `Still failing: ${diff.stillFailing.length}${diff.failingUnjudgedBefore.length ? `; failing and not checked before: ${diff.failingUnjudgedBefore.length}` : ''}.`,
    `Runs of this page kept on this machine: ${change.runs.length}.`,
  ];
  const { shown, left } = rowsWithin(lines, MAX_ANSWER_CHARS - 200);
  return [...shown, ...(left ? [`… ${left} more lines left out.`] : [])].join('\n');
}

export async function reportChanges(input: ToolInput, services: AgentServices): Promise<string> {
  const ref = reportRef(input);
  const report = await reportOf(ref, services);
  if (report === undefined) return noReport(ref);
  const client: ReportsClient = services.client();
  const change = services.history ? await services.history.changeOf(client.base.origin, report) : undefined;
  if (change) return changeText(change);
  const where = services.history
    ? `The history of runs kept on this machine${services.historyPlace ? ` (${services.historyPlace})` : ''} holds no earlier run of this page: it starts with the runs read here, and the service keeps only the latest run.`
    : 'No history of runs is kept here, and the service keeps only the latest run.';
  const now = reportText(report, services, MAX_ANSWER_CHARS - where.length - 100);
  return `No earlier run to compare with. ${where}\nThe current state:\n${now}`;
}
