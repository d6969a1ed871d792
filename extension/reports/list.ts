// The list's commands: refresh, search, project filter, sort, clear, and paging of a group.
import * as vscode from 'vscode';
import { COMMAND } from '../ids';
import type { CommandTable } from '../shared/register';
import { plainText } from '../../core/text/plainText';
import { RESULT_VALUES, ReportResult, SORT_DIRECTIONS, SORT_FIELDS, SortDirection, SortField } from '../../core/client/types';
import { sortLabel, sortTitle } from '../../core/list/filters';
import { CommandContext } from '../shared/context';
import { reportFailure } from '../shared/feedback';

export async function refresh(ctx: CommandContext): Promise<void> {
  await ctx.view.refresh();
}

export async function search(ctx: CommandContext, text?: unknown): Promise<void> {
  let value = typeof text === 'string' ? text : undefined;
  if (value === undefined) {
    value = await vscode.window.showInputBox({
      title: vscode.l10n.t('Website Reports: Search by URL'),
      prompt: vscode.l10n.t('Show reports whose URL contains this text. Leave empty to show all.'),
      value: ctx.view.filters.search ?? '',
      placeHolder: vscode.l10n.t('e.g. /blog/ or example.com'),
    });
    if (value === undefined) return;
  }
  await ctx.view.setFilters({ ...ctx.view.filters, search: value });
}

export async function filterByProject(ctx: CommandContext, project?: unknown): Promise<void> {
  let value = typeof project === 'string' ? project : undefined;
  if (value === undefined) {
    const known = new Set<string>();
    for (const r of RESULT_VALUES) {
      for (const report of ctx.model.groups[r].items) if (typeof report.project === 'string' && report.project) known.add(report.project);
    }
    const current = ctx.view.filters.project;
    const currentWord = vscode.l10n.t({ message: 'current', comment: ['marks the choice that is in effect now'] });
    const items: vscode.QuickPickItem[] = [
      { label: vscode.l10n.t('$(clear-all) All projects'), description: current ? '' : currentWord, alwaysShow: true },
      ...[...known].sort().map((p) => ({ label: p, description: p === current ? currentWord : undefined })),
    ];
    const pick = vscode.window.createQuickPick();
    pick.title = vscode.l10n.t('Website Reports: Filter by Project');
    pick.placeholder = vscode.l10n.t('Pick a project seen in the list, or type its identifier');
    pick.items = items;
    value = await new Promise<string | undefined>((resolve) => {
      pick.onDidAccept(() => {
        const selected = pick.selectedItems[0];
        resolve(selected ? (selected === items[0] ? '' : selected.label) : pick.value.trim());
        pick.hide();
      });
      pick.onDidHide(() => resolve(undefined));
      pick.show();
    });
    pick.dispose();
    if (value === undefined) return;
  }
  await ctx.view.setFilters({ ...ctx.view.filters, project: value });
}

export async function sortBy(ctx: CommandContext, field?: unknown, direction?: unknown): Promise<void> {
  let sortField = SORT_FIELDS.includes(field as SortField) ? (field as SortField) : undefined;
  let sort = SORT_DIRECTIONS.includes(direction as SortDirection) ? (direction as SortDirection) : undefined;
  const current = {
    sortBy: ctx.view.filters.sortBy ?? ctx.view.defaults().sortBy,
    sort: ctx.view.filters.sort ?? ctx.view.defaults().sort,
  };
  if (field !== undefined && !sortField) {
    void vscode.window.showErrorMessage(
      vscode.l10n.t('Website Reports: cannot sort by "{0}"; use one of {1}.', plainText(field, 100), SORT_FIELDS.join(', ')),
    );
    return;
  }
  const currentWord = vscode.l10n.t({ message: 'current', comment: ['marks the choice that is in effect now'] });
  if (!sortField) {
    const picked = await vscode.window.showQuickPick(
      SORT_FIELDS.map((f) => ({
        label: sortTitle(f),
        description: f === current.sortBy ? currentWord : undefined,
        field: f,
      })),
      { title: vscode.l10n.t('Website Reports: Sort by') },
    );
    if (!picked) return;
    sortField = picked.field;
  }
  if (!sort) {
    const picked = await vscode.window.showQuickPick(
      [
        {
          label: vscode.l10n.t('$(arrow-down) Descending'),
          description: current.sort === 'desc' ? currentWord : undefined,
          sort: 'desc' as const,
        },
        {
          label: vscode.l10n.t('$(arrow-up) Ascending'),
          description: current.sort === 'asc' ? currentWord : undefined,
          sort: 'asc' as const,
        },
      ],
      { title: vscode.l10n.t('Website Reports: Sort by {0}', sortLabel(sortField)) },
    );
    if (!picked) return;
    sort = picked.sort;
  }
  await ctx.view.setFilters({ ...ctx.view.filters, sortBy: sortField, sort });
}

export async function clearFilters(ctx: CommandContext): Promise<void> {
  await ctx.view.setFilters({});
}

export async function loadMore(ctx: CommandContext, node?: unknown): Promise<void> {
  const result = (node as { result?: ReportResult } | undefined)?.result ?? (typeof node === 'string' ? (node as ReportResult) : undefined);
  if (!result || !RESULT_VALUES.includes(result)) return;
  try {
    await ctx.model.loadMore(ctx.connection.get(), result);
  } catch (error) {
    await reportFailure(
      ctx,
      vscode.l10n.t({ message: 'Loading more reports', comment: ['an action, as the subject of "… failed"'] }),
      error,
    );
  }
}

/** This family's commands, for the composition root's table. */
export const listCommands = (ctx: CommandContext) =>
  ({
    [COMMAND.refresh]: () => refresh(ctx),
    [COMMAND.search]: (text) => search(ctx, text),
    [COMMAND.filterByProject]: (project) => filterByProject(ctx, project),
    [COMMAND.sortBy]: (field, direction) => sortBy(ctx, field, direction),
    [COMMAND.clearFilters]: () => clearFilters(ctx),
    [COMMAND.loadMore]: (node) => loadMore(ctx, node),
  }) satisfies CommandTable;
