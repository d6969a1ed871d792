// Create Website Report, the command: finds the URL (argument, selection, URL under the cursor,
// else an input box), asks privacy and password when they are missing, runs the typed create
// action under a cancellable progress and shows its outcome. A refusal that editing the URL can
// fix opens the input again with what the user typed; nothing is created twice (the action
// joins concurrent creates and looks for a lost answer's report before POSTing again).
import * as vscode from 'vscode';
import type { CommandTable } from '../shared/register';
import { COMMAND } from '../ids';
import { CreateOutcome } from '../../core/reports/outcomes';
import { ApiError } from '../../core/client/errors';
import { Privacy, Report } from '../../core/client/types';
import { isPrivacy, urlProblem } from '../../core/client/validateInput';
import { plainText } from '../../core/text/plainText';
import { urlAt, urlInSelection } from '../../core/urls/urlFinder';
import { ratingText } from '../../core/checks/ratingWords';
import { CommandContext } from '../shared/context';
import { isWorkspaceUrlNode } from '../../core/list/treeNodes';
import { messageOf, reportFailure } from '../shared/feedback';
import { askPassword, askPrivacy } from '../shared/prompts';

export interface CreateOptions {
  privacy?: Privacy;
  password?: string;
}

/** Privacy sent when the caller gave none and nobody was asked: the spec's default, public. */
const DEFAULT_PRIVACY: Privacy = 0;

/** The URL the editor points at: the selection, else the URL under the cursor. */
export function urlFromEditor(editor: vscode.TextEditor | undefined): string | undefined {
  if (!editor) return undefined;
  const selection = editor.selection;
  if (!selection.isEmpty) return urlInSelection(editor.document.getText(selection));
  // The whole document, so the answer is the finder's match there (as the hover's), not a line's.
  return urlAt(editor.document.getText(), editor.document.offsetAt(selection.active));
}

/** An input box that validates as you type and can open with a problem already shown. */
function askUrl(value: string, problem?: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const box = vscode.window.createInputBox();
    box.title = vscode.l10n.t('Website Reports: Create Website Report');
    box.prompt = vscode.l10n.t('The address of the page to rate (http or https).');
    box.placeholder = 'https://example.com/page';
    box.value = value;
    box.ignoreFocusOut = true;
    box.validationMessage = problem === undefined ? undefined : plainText(problem);
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
function offerRetry(ctx: CommandContext, url: string, problem: string, options: CreateOptions): void {
  const retry = vscode.l10n.t('Edit and Try Again');
  const text = vscode.l10n.t('Website Reports: the report for {0} was not created. {1}', plainText(url), plainText(problem));
  ctx.failures.record(text);
  void vscode.window.showErrorMessage(text, retry).then(async (choice) => {
    if (choice !== retry) return;
    const edited = await askUrl(url, problem);
    if (edited) await createReport(ctx, edited, options);
  });
}

/** The field messages that say what is wrong with the URL, when editing it can fix the failure. */
function urlReasons(error: ApiError): string | undefined {
  if (error.kind !== 'validation' && error.kind !== 'invalid-input') return undefined;
  return error.fieldErrors?.url?.join(' ');
}

export async function createReport(ctx: CommandContext, urlArg?: unknown, options: CreateOptions = {}): Promise<Report | undefined> {
  // From the editor's context menu VS Code passes the document's own Uri (file:, untitled:…):
  // that is not the page to rate, so the selection or the URL under the cursor is used instead.
  const webUri = urlArg instanceof vscode.Uri && (urlArg.scheme === 'http' || urlArg.scheme === 'https');
  const given = webUri
    ? (urlArg as vscode.Uri).toString(true)
    : typeof urlArg === 'string'
      ? urlArg
      : isWorkspaceUrlNode(urlArg)
        ? urlArg.url
        : undefined;
  const interactive = given === undefined;
  let url = given ?? urlFromEditor(vscode.window.activeTextEditor);
  const problem = url === undefined ? undefined : urlProblem(url);
  if (!interactive && problem) {
    offerRetry(ctx, given, problem, options);
    return undefined;
  }
  if (url === undefined || problem) {
    url = await askUrl(url ?? '', problem);
    if (url === undefined) return undefined;
  }

  let privacy = options.privacy;
  if (privacy !== undefined && !isPrivacy(privacy)) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Website Reports: privacy must be 0 (public), 1 (private) or 2 (password).'));
    return undefined;
  }
  // The prompts name the URL: what was typed or picked up from the editor may not be what was meant.
  const shownUrl = plainText(url, 200);
  if (privacy === undefined && interactive) {
    privacy = await askPrivacy(vscode.l10n.t('Website Reports: Who can view the report of {0}?', shownUrl), DEFAULT_PRIVACY);
    if (privacy === undefined) return undefined;
  }
  privacy ??= DEFAULT_PRIVACY;
  let password = options.password;
  if (privacy === 2 && !password) {
    password = await askPassword(vscode.l10n.t('Website Reports: Password for the report of {0}', shownUrl));
    if (password === undefined) return undefined;
  }

  for (;;) {
    const outcome = await runCreate(ctx, url, privacy, password);
    if (outcome.kind === 'created' || outcome.kind === 'recovered') {
      await shown(ctx, outcome.report, outcome.kind === 'recovered');
      return outcome.report;
    }
    if (outcome.kind === 'cancelled') {
      void vscode.window.showInformationMessage(
        vscode.l10n.t(
          'Website Reports: creating the report was cancelled. If the service finishes it anyway, it appears after a refresh and is not created twice.',
        ),
      );
      return undefined;
    }
    const reasons = urlReasons(outcome.error);
    if (reasons === undefined) {
      // Not the URL's fault (key, base URL, rate limit, server, network): say so; the command
      // can be run again as it is.
      await reportFailure(
        ctx,
        vscode.l10n.t({
          message: 'Creating the report for {0}',
          args: [plainText(url)],
          comment: ['an action, as the subject of "… failed"'],
        }),
        outcome.error,
      );
      return undefined;
    }
    ctx.log.warn(`Creating the report for ${url} was refused: ${messageOf(outcome.error)}`);
    if (!interactive) {
      offerRetry(ctx, url, reasons, { privacy, password });
      return undefined;
    }
    const next = await askUrl(url, reasons);
    if (next === undefined) return undefined;
    url = next;
  }
}

/** The create action under a cancellable progress; a create of the same URL already running is joined. */
function runCreate(ctx: CommandContext, url: string, privacy: Privacy, password: string | undefined): Promise<CreateOutcome> {
  if (ctx.actions.isCreating(url)) {
    vscode.window.setStatusBarMessage(vscode.l10n.t('$(sync~spin) {0} is already being analysed', plainText(url)), 3000);
    return ctx.actions.create({ url, privacy, password });
  }
  return Promise.resolve(
    vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Website Reports: analysing {0}…', plainText(url)),
        cancellable: true,
      },
      (_progress, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        return ctx.actions.create({ url, privacy, password }, { signal: controller.signal });
      },
    ),
  );
}

/** `recovered`: an earlier attempt whose answer was lost had stored it after all. */
async function shown(ctx: CommandContext, report: Report, recovered: boolean): Promise<void> {
  await ctx.view.reveal(report).catch(() => undefined);
  const open = vscode.l10n.t('Open Report');
  const what = plainText(report.url ?? report.id);
  const text = recovered
    ? vscode.l10n.t('Website Reports: report found (an earlier attempt was stored after all): {0} is {1}.', what, ratingText(report))
    : vscode.l10n.t('Website Reports: report created: {0} is {1}.', what, ratingText(report));
  void vscode.window.showInformationMessage(text, open).then((choice) => {
    if (choice === open) void vscode.commands.executeCommand(COMMAND.openReport, report);
  });
}

/** This family's commands, for the composition root's table. */
export const createCommands = (ctx: CommandContext) =>
  ({
    [COMMAND.createReport]: (url, options) => createReport(ctx, url, (options ?? {}) as object),
  }) satisfies CommandTable;
