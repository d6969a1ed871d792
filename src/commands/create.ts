// Create Website Report: the URL from the argument, the selection, the URL under the cursor, or
// an input box; privacy and password; a cancellable progress; the new report revealed. A failure
// says why and offers the input again, prefilled; an ambiguous failure (timeout, dropped
// connection) first checks whether the report was created after all, so none is made twice.
import * as vscode from 'vscode';
import { ApiError } from '../api/errors';
import { Privacy, Report } from '../api/types';
import { isPrivacy, urlProblem } from '../api/validate';
import { ratingText } from '../model/vocabulary';
import { urlAt, urlInSelection } from '../model/urlFinder';
import { CommandContext } from './context';
import { messageOf, reportFailure } from './feedback';
import { askPassword, askPrivacy } from './prompts';

export interface CreateOptions {
  privacy?: Privacy;
  password?: string;
}

/** The URL the editor points at: the selection, else the URL under the cursor. */
export function urlFromEditor(editor: vscode.TextEditor | undefined): string | undefined {
  if (!editor) return undefined;
  const selection = editor.selection;
  if (!selection.isEmpty) return urlInSelection(editor.document.getText(selection));
  const line = editor.document.lineAt(selection.active.line).text;
  return urlAt(line, selection.active.character);
}

/** An input box that validates as you type and can open with a problem already shown. */
function askUrl(value: string, problem?: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const box = vscode.window.createInputBox();
    box.title = 'Website Reports: Create Website Report';
    box.prompt = 'The address of the page to rate (http or https).';
    box.placeholder = 'https://example.com/page';
    box.value = value;
    box.ignoreFocusOut = true;
    box.validationMessage = problem;
    box.onDidChangeValue((v) => (box.validationMessage = v.trim() ? urlProblem(v) : undefined));
    let done = false;
    box.onDidAccept(() => {
      const why = urlProblem(box.value);
      if (why) {
        box.validationMessage = why;
        return;
      }
      done = true;
      resolve(box.value.trim());
      box.hide();
    });
    box.onDidHide(() => {
      if (!done) resolve(undefined);
      box.dispose();
    });
    box.show();
  });
}

/** Says why a create driven by an argument failed and offers the input again, without blocking the caller. */
function offerRetry(url: string, problem: string, options: CreateOptions): void {
  const retry = 'Edit and Try Again';
  void vscode.window.showErrorMessage(`Website Reports: the report for ${url} was not created. ${problem}`, retry).then(async (choice) => {
    if (choice !== retry) return;
    const edited = await askUrl(url, problem);
    if (edited) await vscode.commands.executeCommand('webReports.createReport', edited, options);
  });
}

/** Whether editing the URL can fix this failure (else asking for it again would only loop). */
function urlCanFix(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.kind === 'validation' || error.kind === 'invalid-input') && Boolean(error.fieldErrors?.url?.length)
  );
}

/** URLs being created right now: a second request for the same one waits for the first. */
const inFlight = new Map<string, Promise<Report | undefined>>();

export async function createReport(ctx: CommandContext, urlArg?: unknown, options: CreateOptions = {}): Promise<Report | undefined> {
  // From the editor's context menu VS Code passes the document's own Uri (file:, untitled:…):
  // that is not the page to rate, so the selection or the URL under the cursor is used instead.
  const webUri = urlArg instanceof vscode.Uri && (urlArg.scheme === 'http' || urlArg.scheme === 'https');
  const given = webUri ? (urlArg as vscode.Uri).toString(true) : typeof urlArg === 'string' ? urlArg : undefined;
  const interactive = given === undefined;
  let url = given ?? urlFromEditor(vscode.window.activeTextEditor);
  let problem = url === undefined ? undefined : urlProblem(url);
  if (!interactive && problem) {
    offerRetry(given, problem, options);
    return undefined;
  }
  if (url === undefined || problem) {
    url = await askUrl(url ?? '', problem);
    if (url === undefined) return undefined;
  }

  let privacy = options.privacy;
  if (privacy !== undefined && !isPrivacy(privacy)) {
    void vscode.window.showErrorMessage('Website Reports: privacy must be 0 (public), 1 (private) or 2 (password).');
    return undefined;
  }
  if (privacy === undefined && interactive) {
    privacy = await askPrivacy('Website Reports: Who can view the report?', 0);
    if (privacy === undefined) return undefined;
  }
  let password = options.password;
  if (privacy === 2 && !password) {
    password = await askPassword('Website Reports: Password for the report');
    if (password === undefined) return undefined;
  }

  for (;;) {
    const pending = inFlight.get(url);
    if (pending) {
      vscode.window.setStatusBarMessage(`$(sync~spin) ${url} is already being analysed`, 3000);
      return pending;
    }
    const attempt = attemptCreate(ctx, url, privacy, password);
    const reportOnly = attempt.then((o) => o.report);
    inFlight.set(url, reportOnly);
    const outcome = await attempt.finally(() => inFlight.delete(url as string));
    if (outcome.report) return outcome.report;
    if (!outcome.error) return undefined;
    problem = messageOf(outcome.error);
    if (!urlCanFix(outcome.error)) {
      // Not the URL's fault (key, base URL, rate limit, server, network): say so; the command
      // can be run again as it is.
      await reportFailure(ctx, `Creating the report for ${url}`, outcome.error);
      return undefined;
    }
    ctx.log.warn(`Creating the report for ${url} failed: ${problem}`);
    if (!interactive) {
      offerRetry(url, problem, { privacy, password });
      return undefined;
    }
    const fields = (outcome.error as ApiError).fieldErrors;
    const next = await askUrl(url, fields?.url?.join(' ') ?? problem);
    if (next === undefined) return undefined;
    url = next;
  }
}

/**
 * URLs whose last create ended without a clear answer (timeout, dropped connection, 5xx): the
 * service may have stored the report later, so the next attempt looks for it before POSTing.
 */
const unsettled = new Map<string, number>();

async function attemptCreate(
  ctx: CommandContext,
  url: string,
  privacy: Privacy | undefined,
  password: string | undefined,
): Promise<{ report?: Report; error?: unknown }> {
  let client;
  try {
    client = ctx.connection.get();
  } catch (error) {
    return { error };
  }
  const since = unsettled.get(url);
  if (since !== undefined) {
    const existing = await findCreated(ctx, url, since).catch(() => undefined);
    if (existing) {
      unsettled.delete(url);
      ctx.log.info(`Not creating ${url} again: the earlier attempt was stored as report ${existing.id}.`);
      await shown(ctx, existing, 'found (the earlier attempt was stored after all)');
      return { report: existing };
    }
  }
  const started = Date.now();
  try {
    const report = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Website Reports: analysing ${url}…`, cancellable: true },
      (_progress, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        return client.createReport({ url, privacy, password }, { signal: controller.signal });
      },
    );
    unsettled.delete(url);
    await shown(ctx, report, 'created');
    return { report };
  } catch (error) {
    if (error instanceof ApiError && ['timeout', 'network', 'server', 'cancelled', 'bad-response'].includes(error.kind)) {
      if (!unsettled.has(url)) unsettled.set(url, started);
      const existing = await findCreated(ctx, url, unsettled.get(url) ?? started).catch(() => undefined);
      if (existing) {
        unsettled.delete(url);
        ctx.log.info(`Create of ${url} failed (${error.kind}) but the service had stored it: report ${existing.id}.`);
        await shown(ctx, existing, 'created (the service stored it although the answer was lost)');
        return { report: existing };
      }
      if (error.kind === 'cancelled') {
        void vscode.window.showInformationMessage(
          'Website Reports: creating the report was cancelled. If the service finishes it anyway, it appears after a refresh.',
        );
        return {};
      }
    }
    return { error }; // reported (and logged) by the caller
  }
}

/**
 * A report for exactly this URL that the service stored since `since` and that the tree did not
 * already show: the one a create whose answer was lost made, not an older report of the same page.
 */
async function findCreated(ctx: CommandContext, url: string, since: number): Promise<Report | undefined> {
  const page = await ctx.connection.get().listReports({ search: url, searchBy: 'url', sortBy: 'id', sort: 'desc', perPage: 10 });
  const after = since - 60_000; // clock skew between this machine and the service
  return page.items.find((r) => {
    if (r.url !== url || ctx.model.find(r.id)) return false;
    const stamp = new Date(String(r.created_at ?? r.generated_at ?? '')).getTime();
    return Number.isNaN(stamp) || stamp >= after;
  });
}

async function shown(ctx: CommandContext, report: Report, verb: string): Promise<void> {
  ctx.model.upsert(report);
  await ctx.view.reveal(report).catch(() => undefined);
  const open = 'Open Report';
  void vscode.window
    .showInformationMessage(`Website Reports: report ${verb}: ${report.url ?? report.id} is ${ratingText(report)}.`, open)
    .then((choice) => {
      if (choice === open) void vscode.commands.executeCommand('webReports.openReport', report);
    });
}
