// create_report and rerun_report (offered only when writes are allowed): through the one write
// queue (runWrites) and the report actions, so a create is paced, never sent twice, and a create
// whose answer was lost is found instead of made again (lost-create recovery), as everywhere else.
// l10n-exempt-file: answers for a language model, in English whatever the display language (agentAnswer.ts).
import { hasCredentials } from '../client/credentials';
import type { Privacy, Report } from '../client/types';
import { runWrites, type WriteResult } from '../reports/writeQueue';
import { AgentInputError, quoted } from './agentAnswer';
import { reportRef, urlField, type ToolInput } from './agentInput';
import type { AgentServices } from './agentServices';
import { ratingWords } from './agentWords';
import { noReport, reportOf, reportText } from './reportTools';

/** `privacy`: 0 public (default) or 1 private; a password-protected report needs a password no agent should hold. */
export function privacyField(input: ToolInput): Privacy {
  const value = input.privacy;
  if (value === undefined || value === null) return 0;
  if (value === 0 || value === 1 || value === '0' || value === '1') return Number(value) as Privacy;
  if (value === 'public') return 0;
  if (value === 'private') return 1;
  throw new AgentInputError(
    'privacy',
    'privacy must be 0 (public: anyone with the link may view the report) or 1 (private: only the account); password-protected reports are made in the editor.',
  );
}

/** Who may view a report of this privacy, in words (the editor's confirmation says it too). */
export function viewersOf(privacy: Privacy): string {
  return privacy === 1 ? 'only the account that owns it (private)' : 'anyone with its link (public)';
}

function outcomeText(outcome: WriteResult | undefined, services: AgentServices, stopped?: string): string {
  if (outcome === undefined) return `Nothing was written: ${stopped ?? 'the write did not start'}.`;
  switch (outcome.kind) {
    case 'created':
      return `Created.\n${reportText(outcome.report, services)}`;
    case 'recovered':
      return `An earlier attempt had created it (found, not created twice).\n${reportText(outcome.report, services)}`;
    case 'updated':
      return `Re-run: ${ratingWords({ result: outcome.before.score ?? outcome.before.band })} → ${ratingWords(outcome.report)}.\n${reportText(outcome.report, services)}`;
    case 'gone':
      return 'The report no longer exists on the service (deleted): find the page with find_reports, or create it again.';
    case 'cancelled':
      return 'The write was cancelled before the service answered; no report was found for it.';
    case 'failed':
      throw outcome.error;
  }
}

export async function createReport(input: ToolInput, services: AgentServices): Promise<string> {
  const url = urlField(input, 'url');
  if (url === undefined) throw new AgentInputError('url', 'Give url: the absolute http(s) URL of the page to rate.');
  if (hasCredentials(url)) throw new AgentInputError('url', 'The URL holds a user name or password: give it without them.');
  const privacy = privacyField(input);
  // A model may ask twice: a page that has a report is re-run, not reported again.
  const existing = await services.lookup.lookup(url, 'command');
  if (existing !== undefined) {
    return `${quoted(url)} has a report already (id ${quoted(String(existing.id), 40)}, ${ratingWords(existing)}); nothing was created. To analyse it again: rerun_report with that id.`;
  }
  const run = await runWrites([{ kind: 'create', url, privacy }], services.actions, { priority: 'interactive' });
  services.lookup.invalidate(url);
  return outcomeText(run.results[0], services, run.stopped);
}

export async function rerunReport(input: ToolInput, services: AgentServices): Promise<string> {
  const ref = reportRef(input);
  const report: Report | undefined = await reportOf(ref, services);
  if (report === undefined) return noReport(ref);
  const run = await runWrites([{ kind: 'rerun', report }], services.actions, { priority: 'interactive' });
  if (report.url) services.lookup.invalidate(report.url);
  return outcomeText(run.results[0], services, run.stopped);
}
