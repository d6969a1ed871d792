// The "URLs in Workspace" view: every http(s) URL written in the workspace, once, grouped Bad /
// Decent / Good / No report / Could not check / Outdated, its places as children that open the
// editor there. Built when first shown or asked for, never at activation; kept current by the
// scanner file by file; each new URL is looked up once through the shared lookups and their budget
// (a waiting command or the shown view first). A failed lookup is "Could not check", asked again.
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle/disposables';
import { plainText } from '../../core/text/plainText';
import { roundedScore } from '../../core/checks/rating';
import { pageRow } from '../../core/list/rowLabel';
import type { WorkspaceUrlNode } from '../../core/list/treeNodes';
import { relativeTime } from '../../core/text/vocabulary';
import { ratingLabel } from '../../core/checks/ratingWords';
import type { LookupAudience } from '../../core/reports/urlLookup';
import {
  CouldNotCheck,
  DEFAULT_MAX_AGE_DAYS,
  MAX_GROUP_CHILDREN,
  type RatedUrl,
  type UrlAnswer,
  type WorkspaceRating,
  WorkspaceRatings,
  WORKSPACE_GROUPS,
} from '../../core/list/workspaceGroups';
import { COMMAND, WORKSPACE_VIEW_ID } from '../ids';
import type { DocumentUrlsService } from '../documentUrls/documentUrlsService';
import { WorkspaceScanner } from './workspaceScanner';

export type WorkspaceNode =
  | { kind: 'workspaceGroup'; rating: WorkspaceRating }
  | (WorkspaceUrlNode & { rated: RatedUrl })
  | { kind: 'workspacePlace'; rated: RatedUrl; index: number }
  | { kind: 'workspaceMore'; rating: WorkspaceRating; hidden: number };

/** What `webReports.workspaceUrls()` returns for each URL. */
export interface WorkspaceUrlResult {
  url: string;
  rating: WorkspaceRating;
  score?: number;
  reportId?: string | number;
  /** Why it could not be checked (rating 'unchecked'). */
  reason?: string;
  occurrences: { uri: vscode.Uri; line: number }[];
}

const ICONS: Record<WorkspaceRating, [string, string | undefined]> = {
  bad: ['error', 'testing.iconFailed'],
  decent: ['warning', 'list.warningForeground'],
  good: ['pass', 'testing.iconPassed'],
  none: ['circle-large-outline', undefined],
  unchecked: ['question', 'list.warningForeground'],
  outdated: ['history', undefined],
};

function groupLabel(rating: WorkspaceRating): string {
  if (rating === 'none') return vscode.l10n.t('No report');
  if (rating === 'unchecked') return vscode.l10n.t({ message: 'Could not check', comment: ['a group of URLs whose lookup failed'] });
  if (rating === 'outdated') return vscode.l10n.t({ message: 'Outdated', comment: ['a group of URLs whose report is older than allowed'] });
  return ratingLabel(rating);
}

export class WorkspaceUrlsView extends Disposable implements vscode.TreeDataProvider<WorkspaceNode> {
  readonly treeView: vscode.TreeView<WorkspaceNode>;
  private readonly changed = new vscode.EventEmitter<WorkspaceNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  /** Each URL key's answer (undefined: no report), as the lookups answered; absent: not asked yet. */
  private readonly answers = new Map<string, UrlAnswer>();
  private readonly ratings = new WorkspaceRatings();
  /** The same node objects every time, so one group can be redrawn alone. */
  private readonly groupNodes = new Map<WorkspaceRating, WorkspaceNode>(
    WORKSPACE_GROUPS.map((rating) => [rating, { kind: 'workspaceGroup', rating }]),
  );
  /** Rate every URL again (after the build, a change of answers or of maxAgeDays), not only those changed. */
  private rateAll = true;
  private filter = '';
  private refreshing?: Promise<void>;
  private again = false;
  /** Changes arrived while the view was hidden. */
  private stale = false;
  /** A command the user ran waits for the lookups. */
  private asked = false;

  constructor(
    readonly scanner: WorkspaceScanner,
    private readonly service: DocumentUrlsService,
    private readonly maxAgeDays: () => Promise<number> = async () => DEFAULT_MAX_AGE_DAYS,
  ) {
    super();
    this.treeView = vscode.window.createTreeView(WORKSPACE_VIEW_ID, { treeDataProvider: this, showCollapseAll: true });
    this.registerAll(
      this.treeView,
      this.changed,
      this.treeView.onDidChangeVisibility((e) => {
        if (e.visible && (!scanner.started || this.stale)) void this.refresh();
      }),
      scanner.onDidChange(() => this.whenShown()),
      service.onDidInvalidate(() => {
        this.answers.clear();
        this.rateAll = true;
        if (scanner.started) this.whenShown();
      }),
    );
    if (this.treeView.visible) void this.refresh();
  }

  /** A hidden view sends no request: it is brought up to date when it is shown again. */
  private whenShown(): void {
    if (this.treeView.visible) void this.refresh();
    else this.stale = true;
  }

  /** Builds the index if needed, looks up the URLs not answered yet, and redraws. Calls during one are joined. */
  refresh(): Promise<void> {
    if (this.refreshing) {
      this.again = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      do {
        this.again = false;
        await this.update();
      } while (this.again);
    })().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  /** Everything must be rated again (the config's maxAgeDays may have changed). */
  rateEverything(): void {
    this.rateAll = true;
  }

  private async update(): Promise<void> {
    this.stale = false;
    if (!this.scanner.started) this.treeView.message = vscode.l10n.t('Finding the URLs written in this workspace…');
    await this.scanner.ensureBuilt();
    const index = this.scanner.index;
    const all = this.rateAll;
    this.rateAll = false;
    const changed = index.takeChanged();
    const keys = all ? index.keys() : changed;
    if (all) this.ratings.clear();
    const signedIn = await this.service.signedIn();
    // Unknown answers are asked again when everything is rated again (a refresh clears them all).
    const missing = signedIn ? keys.filter((key) => !this.answers.has(key) || (all && this.answers.get(key) instanceof CouldNotCheck)) : [];
    const urls = new Map(missing.flatMap((key) => (index.url(key) ? [[index.url(key)?.url as string, key] as const] : [])));
    if (urls.size > 0) {
      this.treeView.message = vscode.l10n.t('Looking up {0} URLs…', urls.size);
      const audience: LookupAudience = this.asked ? 'command' : this.treeView.visible ? 'visible' : 'hidden';
      for (const [url, answer] of await this.service.lookup.settleAll([...urls.keys()], audience)) {
        const key = urls.get(url) as string;
        this.answers.set(
          key,
          answer.state === 'found' ? answer.report : answer.state === 'none' ? undefined : new CouldNotCheck(answer.reason),
        );
      }
    }
    const touched = this.ratings.update(
      keys,
      (key) => index.url(key),
      (u) => this.answers.get(u.key),
      await this.maxAgeDays(),
    );
    this.redraw(signedIn, all ? undefined : touched);
  }

  /** Redraws the groups `touched` (all when undefined) and the view's message. */
  private redraw(signedIn: boolean, touched?: Set<WorkspaceRating>): void {
    const total = this.ratings.size;
    this.treeView.description = this.filter ? vscode.l10n.t('filtered: {0}', plainText(this.filter, 60)) : undefined;
    if (total === 0) this.treeView.message = vscode.l10n.t('No http(s) URLs are written in the files of this workspace.');
    else if (!signedIn) this.treeView.message = vscode.l10n.t('Sign in to see the ratings of these {0} URLs.', total);
    else this.treeView.message = this.ratings.uncheckedMessage();
    if (!touched || total === 0) this.changed.fire(undefined);
    else for (const rating of touched) this.changed.fire(this.groupNodes.get(rating));
  }

  /** Shows only URLs that contain `text` (empty: all). */
  setFilter(text: string): void {
    this.filter = text.trim();
    void this.service.signedIn().then((signedIn) => this.redraw(signedIn));
  }

  get currentFilter(): string {
    return this.filter;
  }

  /** What the view shows (all URLs, the filter not applied), once built and looked up. */
  async results(): Promise<WorkspaceUrlResult[]> {
    this.asked = true;
    try {
      await this.refresh();
      if (this.stale) await this.refresh();
    } finally {
      this.asked = false;
    }
    return this.ratings.all().map((u) => ({
      url: u.url,
      rating: u.rating,
      ...(u.score !== undefined ? { score: u.score } : {}),
      ...(u.reportId !== undefined ? { reportId: u.reportId } : {}),
      ...(u.reason !== undefined ? { reason: u.reason } : {}),
      occurrences: u.occurrences.map((o) => ({ uri: vscode.Uri.parse(o.file, true), line: o.line })),
    }));
  }

  /** The URLs known to have no report, for "Report All Unrated"; `unchecked` could not be checked (left out). */
  unrated(): { urls: string[]; unchecked: number } {
    return { urls: this.ratings.unrated(), unchecked: this.ratings.count('unchecked') };
  }

  getChildren(node?: WorkspaceNode): WorkspaceNode[] {
    if (!node) {
      if (!this.scanner.started) {
        void this.refresh();
        return [];
      }
      return this.ratings.size === 0 ? [] : [...this.groupNodes.values()];
    }
    if (node.kind === 'workspaceGroup') {
      const needle = this.filter.toLowerCase();
      const shown: WorkspaceNode[] = this.ratings.children(node.rating, needle).map((rated) => ({
        kind: 'workspaceUrl',
        url: rated.url,
        ...(rated.reportId !== undefined ? { reportId: rated.reportId } : {}),
        rated,
      }));
      const hidden = this.ratings.count(node.rating, needle) - shown.length;
      if (hidden > 0) shown.push({ kind: 'workspaceMore', rating: node.rating, hidden });
      return shown;
    }
    if (node.kind === 'workspaceUrl') {
      return node.rated.occurrences.map((_, index) => ({ kind: 'workspacePlace', rated: node.rated, index }));
    }
    return [];
  }

  getTreeItem(node: WorkspaceNode): vscode.TreeItem {
    if (node.kind === 'workspaceGroup') {
      const count = this.ratings.count(node.rating, this.filter.toLowerCase());
      const item = new vscode.TreeItem(
        groupLabel(node.rating),
        count > 0 && node.rating !== 'good' ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed,
      );
      item.id = `workspaceGroup:${node.rating}`;
      item.description = String(count);
      const [icon, color] = ICONS[node.rating];
      item.iconPath = new vscode.ThemeIcon(icon, color ? new vscode.ThemeColor(color) : undefined);
      item.contextValue = `workspaceGroup:${node.rating}`;
      return item;
    }
    if (node.kind === 'workspaceMore') {
      const item = new vscode.TreeItem(
        vscode.l10n.t('{0} more not listed: use the filter to find them', node.hidden),
        vscode.TreeItemCollapsibleState.None,
      );
      item.id = `workspaceMore:${node.rating}`;
      item.iconPath = new vscode.ThemeIcon('filter');
      item.tooltip = vscode.l10n.t('A group lists at most {0} URLs.', MAX_GROUP_CHILDREN);
      item.command = { command: COMMAND.filterWorkspaceUrls, title: vscode.l10n.t('Filter') };
      return item;
    }
    if (node.kind === 'workspaceUrl') {
      const { rated } = node;
      // The same row shape as the reports tree: the score and the path, the site beside them.
      const row = pageRow(rated.url, rated.score);
      const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.Collapsed);
      item.id = `workspaceUrl:${rated.url}`;
      const places = rated.occurrences.length === 1 ? vscode.l10n.t('1 place') : vscode.l10n.t('{0} places', rated.occurrences.length);
      const when = rated.rating === 'outdated' ? relativeTime(rated.generatedAt) : undefined;
      item.description = [row.site, when, places].filter(Boolean).join(' · ');
      item.tooltip =
        rated.reason === undefined
          ? plainText(rated.url, 2000)
          : `${plainText(rated.url, 2000)}\n${vscode.l10n.t('Could not check: {0}', plainText(rated.reason, 500))}`;
      // An unknown URL offers no Create Report: it may well have one.
      item.contextValue =
        rated.reportId !== undefined ? 'workspaceUrl:rated' : rated.rating === 'unchecked' ? 'workspaceUrl:unchecked' : 'workspaceUrl:none';
      item.iconPath = new vscode.ThemeIcon('link');
      // Read aloud: the whole URL, not the path and site apart.
      const score = rated.score !== undefined ? vscode.l10n.t('score {0}', roundedScore(rated.score)) : undefined;
      const spoken = [plainText(rated.url), score, when, places];
      item.accessibilityInformation = { label: spoken.filter(Boolean).join(', '), role: 'treeitem' };
      return item;
    }
    const at = node.rated.occurrences[node.index];
    const uri = vscode.Uri.parse(at.file, true);
    const item = new vscode.TreeItem(`${vscode.workspace.asRelativePath(uri, true)}:${at.line}`, vscode.TreeItemCollapsibleState.None);
    item.id = `workspacePlace:${node.rated.url}:${at.file}:${at.line}:${at.column}`;
    item.resourceUri = uri;
    item.iconPath = vscode.ThemeIcon.File;
    item.contextValue = 'workspacePlace';
    const position = new vscode.Position(at.line - 1, at.column - 1);
    item.command = {
      command: 'vscode.open',
      title: vscode.l10n.t('Open'),
      arguments: [uri, { selection: new vscode.Range(position, position.translate(0, node.rated.url.length)) }],
    };
    return item;
  }
}
