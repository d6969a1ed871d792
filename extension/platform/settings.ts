// Reads the extension's settings (and VS Code's proxy settings) into plain values.
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
    env: process.env,
  };
}

/** Settings whose change means a new client and a reload. */
export function affectsConnection(e: vscode.ConfigurationChangeEvent): boolean {
  return ['webReports.baseUrl', 'webReports.requestTimeoutSeconds', 'http.proxy', 'http.proxyStrictSSL', 'http.noProxy'].some((s) =>
    e.affectsConfiguration(s),
  );
}

export function affectsList(e: vscode.ConfigurationChangeEvent): boolean {
  return ['webReports.perPage', 'webReports.sortBy', 'webReports.sortDirection'].some((s) => e.affectsConfiguration(s));
}
