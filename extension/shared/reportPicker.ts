// The QuickPick that asks which report a command acts on: the reports the tree loaded at once,
// then, as the person types, the service's answer to a search of what they typed (debounced, the
// previous search cancelled), so a report the tree never loaded can still be picked. `accept`
// narrows the choice (Copy Changes offers only reports that have an earlier run).
import * as vscode from 'vscode';
import { Report, RESULT_VALUES } from '../../core/client/types';
import { plainText } from '../../core/text/plainText';
import { PRIVACY_ICONS, privacyName, relativeTime, reportLabel } from '../../core/text/vocabulary';
import { ratingText } from '../../core/checks/ratingWords';
import { CommandContext } from './context';

/** Quiet time after a keystroke before the service is searched. */
export const SEARCH_DEBOUNCE_MS = 250;
/** Reports one search adds to the list, at most (one page). */
export const SEARCH_PAGE = 25;

type Item = vscode.QuickPickItem & { report: Report };

function itemOf(report: Report): Item {
  return {
    label: `$(${PRIVACY_ICONS[privacyName(report.privacy)]}) ${plainText(reportLabel(report))}`,
    description: ratingText(report),
    detail: relativeTime(report.generated_at),
    report,
  };
}

export interface PickOptions {
  title: string;
  canPickMany?: boolean;
  /** Only reports for which this answers true are offered. */
  accept?: (report: Report) => Promise<boolean>;
}

/** Asks for one or more reports; resolves to [] when the person closes the pick. */
export async function pickReports(ctx: CommandContext, options: PickOptions): Promise<Report[]> {
  const pick = vscode.window.createQuickPick<Item>();
  pick.title = options.title;
  pick.canSelectMany = options.canPickMany ?? false;
  pick.matchOnDescription = true;
  pick.placeholder = vscode.l10n.t('Type to search the reports on the service');
  const shown = new Map<string, Item>();
  const accept = options.accept ?? (async () => true);
  const add = async (reports: readonly Report[]) => {
    for (const report of reports) {
      const key = String(report.id);
      if (!shown.has(key) && (await accept(report))) shown.set(key, itemOf(report));
    }
    // Keep what the person already selected: setting items resets the selection otherwise.
    const selected = pick.selectedItems;
    pick.items = [...shown.values()];
    if (pick.canSelectMany) pick.selectedItems = pick.items.filter((i) => selected.some((s) => s.report.id === i.report.id));
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let search: AbortController | undefined;
  const searchFor = (text: string) => {
    search?.abort();
    if (timer) clearTimeout(timer);
    if (!text.trim()) return;
    timer = setTimeout(() => {
      const controller = new AbortController();
      search = controller;
      pick.busy = true;
      void (async () => {
        try {
          const page = await ctx.connection
            .get()
            .listReports({ search: text.trim(), perPage: SEARCH_PAGE }, { signal: controller.signal, priority: 'interactive' });
          if (!controller.signal.aborted) await add(page.items);
        } catch (error) {
          if (!controller.signal.aborted) ctx.log.warn(`Searching reports for the picker failed: ${String(error)}`);
        } finally {
          if (search === controller) pick.busy = false;
        }
      })();
    }, SEARCH_DEBOUNCE_MS);
  };
  try {
    return await new Promise<Report[]>((resolve) => {
      pick.onDidChangeValue(searchFor);
      pick.onDidAccept(() => {
        resolve((pick.canSelectMany ? pick.selectedItems : pick.activeItems.slice(0, 1)).map((i) => i.report));
        pick.hide();
      });
      pick.onDidHide(() => resolve([]));
      pick.show();
      void add(RESULT_VALUES.flatMap((r) => ctx.model.groups[r].items));
    });
  } finally {
    search?.abort();
    if (timer) clearTimeout(timer);
    pick.dispose();
  }
}
