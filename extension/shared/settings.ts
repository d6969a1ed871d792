// Reads the extension's settings (and the VS Code settings it follows: proxy, excluded files) into
// plain values: the one place a setting is read or written (lint keeps getConfiguration here).
import * as vscode from 'vscode';
import { PER_PAGE_VALUES, PerPage, SORT_DIRECTIONS, SORT_FIELDS, SortDirection, SortField } from '../../core/client/types';
import { ProxySettings } from '../../core/client/proxy';

/**
 * Each refresh lists the three groups (3 requests). The real service allows about 60 requests a
 * minute per key: at most one refresh every 30 s keeps background traffic to 6 a minute (10%).
 */
export const MIN_AUTO_REFRESH_SECONDS = 30;

export interface Settings {
  baseUrl: string;
  perPage: PerPage;
  sortBy: SortField;
  sortDirection: SortDirection;
  confirmDelete: boolean;
  requestTimeoutMs: number;
  autoRefreshMs: number;
}

function oneOf<T>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

export function readSettings(): Settings {
  const c = vscode.workspace.getConfiguration('webReports');
  const timeout = Number(c.get('requestTimeoutSeconds', 30));
  const auto = Number(c.get('autoRefreshSeconds', 0));
  return {
    baseUrl: String(c.get('baseUrl', '') ?? '').trim(),
    perPage: oneOf(Number(c.get('perPage', 25)), PER_PAGE_VALUES, 25),
    sortBy: oneOf(c.get('sortBy'), SORT_FIELDS, 'id'),
    sortDirection: oneOf(c.get('sortDirection'), SORT_DIRECTIONS, 'desc'),
    confirmDelete: c.get<boolean>('confirmDelete', true) !== false,
    requestTimeoutMs: (Number.isFinite(timeout) && timeout > 0 ? timeout : 30) * 1000,
    autoRefreshMs: Number.isFinite(auto) && auto > 0 ? Math.max(MIN_AUTO_REFRESH_SECONDS, auto) * 1000 : 0,
  };
}

export function readProxySettings(): ProxySettings {
  const http = vscode.workspace.getConfiguration('http');
  return {
    proxy: http.get<string>('proxy') || undefined,
    strictSSL: http.get<boolean>('proxyStrictSSL', true),
    noProxy: http.get<string[]>('noProxy', []),
    support: http.get<string>('proxySupport'),
    env: process.env,
  };
}

/** Settings whose change means a new client and a reload. */
export function affectsConnection(e: vscode.ConfigurationChangeEvent): boolean {
  return [
    'webReports.baseUrl',
    'webReports.requestTimeoutSeconds',
    'http.proxy',
    'http.proxyStrictSSL',
    'http.noProxy',
    'http.proxySupport',
  ].some((s) => e.affectsConfiguration(s));
}

export function affectsList(e: vscode.ConfigurationChangeEvent): boolean {
  return ['webReports.perPage', 'webReports.sortBy', 'webReports.sortDirection'].some((s) => e.affectsConfiguration(s));
}

/** The switches of URLs in documents (`webReports.documentUrls.*`), on unless set off. */
export type DocumentUrlsSetting = 'hover' | 'decorations' | 'diagnostics';
const DOCUMENT_URLS_DEFAULTS: Record<DocumentUrlsSetting, boolean> = { hover: true, decorations: true, diagnostics: false };

export function documentUrlsSetting(setting: DocumentUrlsSetting): boolean {
  return vscode.workspace.getConfiguration('webReports.documentUrls').get<boolean>(setting, DOCUMENT_URLS_DEFAULTS[setting]);
}

/** `webReports.pageSources.diagnostics`: a page's failed checks as Problems on its source file. */
export function pageSourceDiagnosticsOn(): boolean {
  return vscode.workspace.getConfiguration('webReports.pageSources').get<boolean>('diagnostics', true);
}

/** `webReports.localChecks`: the checks run in the editor on HTML files and on page sources with a preview. */
export function localChecksOn(): boolean {
  return vscode.workspace.getConfiguration('webReports').get<boolean>('localChecks', true) !== false;
}

/** `webReports.statusBar`: the totals in the status bar. */
export function statusBarOn(): boolean {
  return vscode.workspace.getConfiguration('webReports').get<boolean>('statusBar', true) !== false;
}

/** The patterns set to `true` in VS Code's files.exclude and search.exclude (the workspace scan skips them). */
export function excludedByVsCode(): string[] {
  const patterns: string[] = [];
  for (const section of ['files.exclude', 'search.exclude']) {
    const table = vscode.workspace.getConfiguration().get<Record<string, unknown>>(section) ?? {};
    for (const [pattern, on] of Object.entries(table)) if (on === true) patterns.push(pattern);
  }
  return patterns;
}

/** Writes `webReports.baseUrl` for the user (the welcome view's and walkthrough's Set Address). */
export async function writeBaseUrl(value: string): Promise<void> {
  await vscode.workspace.getConfiguration('webReports').update('baseUrl', value, vscode.ConfigurationTarget.Global);
}
