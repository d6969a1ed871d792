// Selection: which of a site's URLs a scan rates. Pure and deterministic: include/exclude
// patterns (core/urls/urlPattern.ts) on the sitemap's URLs, then `sample K` per path group (host and first
// path segment; the first K in sitemap order, so the same sitemap gives the same choice), then
// `remap FROM=TO` (a prefix rewrite: a production sitemap rated on staging), then `max N`.
import * as l10n from '@vscode/l10n';
import { MAX_INPUT_LENGTH, MAX_JOB_URLS } from './scanLimits';
import { isHttpUrl } from './sitemapParser';
import { anyUrlOf, MAX_PATTERN_LENGTH, MAX_PATTERNS, patternListProblem, tooLongTogether } from '../urls/urlPattern';

export interface SelectOptions {
  include?: readonly string[];
  exclude?: readonly string[];
  sample?: number;
  /** `FROM=TO`, or the two parts. */
  remap?: string | { from: string; to: string };
  max?: number;
}

export interface Selection {
  /** URLs to rate, remapped, in sitemap order. */
  selected: string[];
  /** Counts of what was left out, and why. */
  dropped: { notIncluded: number; excluded: number; sampledOut: number; overMax: number };
  /** Options that could not be used (then nothing is selected); for people. */
  problems: string[];
}

export interface Remap {
  from: string;
  to: string;
}

/** `FROM=TO` → both prefixes, or the reason it is not usable. */
export function parseRemap(remap: string | Remap): Remap | string {
  let from: string;
  let to: string;
  if (typeof remap === 'string') {
    const at = remap.indexOf('=');
    if (at <= 0) return l10n.t('The remap "{0}" is not FROM=TO.', remap.slice(0, 200));
    from = remap.slice(0, at).trim();
    to = remap.slice(at + 1).trim();
  } else ({ from, to } = remap);
  if (!isHttpUrl(from) || !isHttpUrl(to) || from.length > MAX_INPUT_LENGTH || to.length > MAX_INPUT_LENGTH) {
    return l10n.t('A remap needs two http(s) addresses, FROM=TO, e.g. https://www.example.com=https://staging.example.com.');
  }
  return { from, to };
}

/** The path group of a URL: its host and first path segment. */
export function pathGroup(url: string): string {
  try {
    const parsed = new URL(url);
    const first = parsed.pathname.split('/')[1] ?? '';
    return `${parsed.host}/${first}`;
  } catch {
    return '';
  }
}

export function selectUrls(urls: readonly string[], options: SelectOptions = {}): Selection {
  const dropped = { notIncluded: 0, excluded: 0, sampledOut: 0, overMax: 0 };
  const problems = checkOptions(options);
  const parsed = options.remap === undefined ? undefined : parseRemap(options.remap);
  if (typeof parsed === 'string') problems.push(parsed);
  if (problems.length || typeof parsed === 'string') return { selected: [], dropped, problems };
  const remap = parsed;
  const included = options.include?.length ? anyUrlOf(options.include) : undefined;
  const excluded = anyUrlOf(options.exclude ?? []);
  const perGroup = new Map<string, number>();
  const max = Math.min(options.max ?? MAX_JOB_URLS, MAX_JOB_URLS);
  const selected: string[] = [];
  for (const url of urls) {
    if (included && !included(url)) {
      dropped.notIncluded++;
      continue;
    }
    if (excluded(url)) {
      dropped.excluded++;
      continue;
    }
    if (options.sample !== undefined) {
      const group = pathGroup(url);
      const taken = perGroup.get(group) ?? 0;
      if (taken >= options.sample) {
        dropped.sampledOut++;
        continue;
      }
      perGroup.set(group, taken + 1);
    }
    if (selected.length >= max) {
      dropped.overMax++;
      continue;
    }
    selected.push(remap && url.startsWith(remap.from) ? remap.to + url.slice(remap.from.length) : url);
  }
  return { selected, dropped, problems };
}

function checkOptions(options: SelectOptions): string[] {
  const problems: string[] = [];
  for (const [name, patterns] of [
    ['include', options.include ?? []],
    ['exclude', options.exclude ?? []],
  ] as const) {
    const problem = patternListProblem(patterns);
    if (problem === 'count') problems.push(l10n.t('"{0}" may hold at most {1} entries.', name, MAX_PATTERNS));
    else if (problem === 'pattern') problems.push(l10n.t('A URL pattern must be 1 to {0} characters long.', MAX_PATTERN_LENGTH));
    else if (problem === 'total') problems.push(tooLongTogether(name, patterns)!);
  }
  for (const [name, value] of [
    ['sample', options.sample],
    ['max', options.max],
  ] as const) {
    if (value !== undefined && (!Number.isInteger(value) || value < 1)) {
      problems.push(l10n.t('"{0}" must be a whole number of at least 1.', name));
    }
  }
  return problems;
}
