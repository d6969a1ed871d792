// The gate's config, `website-reports.json`: found in a directory or its parents, read within a
// size budget, and checked field by field so an error names the file and the field. A key in the
// config is refused: the key comes from the environment only, never from a file that is committed.
import * as l10n from '@vscode/l10n';
import { baseUrlProblem } from '../client/baseUrl';
import { readConfined, ReadProblem, type ReadProblemKind } from '../files/confinedRead';
import { REPORT_LINK_ID, reportLinkProblem } from './reportLink';
import { compileSources, type SourceEntry } from '../sources/pageSources';
import { langOf, previewOf, type PagePreview } from './pagePreview';
import { isUsablePattern, tooLongTogether } from '../urls/urlPattern';

export { CONFIG_FILE_NAME, findConfig, MAX_CONFIG_PARENTS } from './configName';
/** Bytes read of a config file; a larger one is refused. */
export const MAX_CONFIG_BYTES = 256 * 1024;
/** Rules, and patterns per list, a config may hold. */
export const MAX_CONFIG_ENTRIES = 1_000;

export type Level = 'error' | 'warn';
export type CheckLevel = Level | 'off';

export interface GateRule {
  /** A URL pattern (docs/CLI.md, "URL patterns"). */
  match: string;
  minScore?: number;
  checks?: Record<string, CheckLevel>;
  level?: Level;
}

export interface GateConfig {
  /** The file it came from; undefined for the defaults. */
  file?: string;
  baseUrl?: string;
  /** The web page of a report: a URL template with one `{id}` (the report's id, URL-encoded). */
  reportLink?: string;
  include: string[];
  exclude: string[];
  ignoreUrls: string[];
  /** Points a score may fall against the baseline before it is a regression. */
  tolerance: number;
  maxAgeDays?: number;
  rules: GateRule[];
  /** Pages mapped to the files that produce them (core/sources); none when not given. */
  sources?: SourceEntry[];
  /** Where the pages can be seen before they are published (pagePreview.ts): local checks of page sources. */
  preview?: PagePreview;
  /** The pages' language tag (`en`, `de-CH`): what a fix of a missing `lang` writes. */
  lang?: string;
}

export const DEFAULT_INCLUDE = ['**/*'];
export const DEFAULT_EXCLUDE = ['**/node_modules/**', '**/.git/**'];
export const DEFAULT_TOLERANCE = 5;

export function defaultConfig(): GateConfig {
  return { include: [...DEFAULT_INCLUDE], exclude: [...DEFAULT_EXCLUDE], ignoreUrls: [], tolerance: DEFAULT_TOLERANCE, rules: [] };
}

/** A config that cannot be used: `file` and `field` say where; `unread` why it was not read, if it was not. */
export class ConfigError extends Error {
  constructor(
    readonly file: string,
    readonly field: string | undefined,
    detail: string,
    readonly unread?: ReadProblemKind,
  ) {
    super(`${file}: ${detail}`);
    this.name = 'ConfigError';
  }
}

/** Field names that would hold a key (compared without case, `-` and `_`). */
const KEY_FIELDS = new Set(['apikey', 'key', 'token', 'secret', 'password', 'authorization', 'bearer']);
const TOP_FIELDS = new Set([
  '$schema',
  'baseUrl',
  'reportLink',
  'include',
  'exclude',
  'ignoreUrls',
  'tolerance',
  'maxAgeDays',
  'rules',
  'sources',
  'preview',
  'lang',
]);
const RULE_FIELDS = new Set(['match', 'minScore', 'checks', 'level']);
const LEVELS: readonly string[] = ['error', 'warn'];
const CHECK_LEVELS: readonly string[] = ['error', 'warn', 'off'];

const isKeyField = (name: string) => KEY_FIELDS.has(name.toLowerCase().replace(/[-_]/g, ''));

/**
 * Reads and checks `file`; throws ConfigError. A config that is a symbolic link out of its folder
 * (the working directory `cwd` when it is inside it) is not read: its error would quote the target.
 */
export async function loadConfig(file: string, cwd?: string): Promise<GateConfig> {
  let text: string;
  try {
    text = await readConfined(file, { maxBytes: MAX_CONFIG_BYTES, cwd });
  } catch (error) {
    if (!(error instanceof ReadProblem)) throw error;
    if (error.kind === 'too-large') throw configTooLarge(file);
    throw new ConfigError(file, undefined, error.message, error.kind);
  }
  return parseConfig(text, file);
}

export function configTooLarge(file: string): ConfigError {
  return new ConfigError(file, undefined, l10n.t('The file is larger than {0} bytes.', MAX_CONFIG_BYTES), 'too-large');
}

/** Checks a config's text; throws ConfigError naming `file` and the field. */
export function parseConfig(text: string, file: string): GateConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new ConfigError(file, undefined, l10n.t('The file is not valid JSON ({0}).', (error as Error).message));
  }
  if (!isObject(raw)) throw new ConfigError(file, undefined, l10n.t('The file must hold a JSON object.'));
  const config = defaultConfig();
  config.file = file;
  for (const name of Object.keys(raw)) {
    if (isKeyField(name)) throw keyRefused(file, name);
    if (!TOP_FIELDS.has(name)) throw unknownField(file, name, TOP_FIELDS);
  }
  if (raw.baseUrl !== undefined) config.baseUrl = baseUrlOf(file, raw.baseUrl);
  if (raw.reportLink !== undefined) config.reportLink = reportLinkField(file, raw.reportLink);
  if (raw.include !== undefined) config.include = patterns(file, 'include', raw.include);
  if (raw.exclude !== undefined) config.exclude = patterns(file, 'exclude', raw.exclude);
  if (raw.ignoreUrls !== undefined) config.ignoreUrls = patterns(file, 'ignoreUrls', raw.ignoreUrls);
  if (raw.tolerance !== undefined) config.tolerance = number(file, 'tolerance', raw.tolerance, 0, 100);
  if (raw.maxAgeDays !== undefined) config.maxAgeDays = number(file, 'maxAgeDays', raw.maxAgeDays, 0, 36_500);
  if (raw.rules !== undefined) config.rules = rules(file, raw.rules);
  if (raw.sources !== undefined) config.sources = sourcesOf(file, raw.sources);
  if (raw.preview !== undefined) config.preview = checked(file, 'preview', previewOf(raw.preview));
  if (raw.lang !== undefined) config.lang = checked(file, 'lang', langOf(raw.lang));
  return config;
}

function checked<T>(file: string, field: string, value: T | { problem: string }): T {
  if (typeof value === 'object' && value !== null && 'problem' in value) throw new ConfigError(file, field, value.problem);
  return value as T;
}

/** The config's `sources`, checked by compiling them (the first problem names its entry and field). */
function sourcesOf(file: string, value: unknown): SourceEntry[] {
  const compiled = compileSources(value as SourceEntry[]);
  if (!compiled.ok) {
    const first = compiled.problems[0];
    const field = first.index < 0 ? 'sources' : `sources[${first.index}].${first.field}`;
    throw new ConfigError(file, field, `${field}: ${first.message}`);
  }
  return (value as SourceEntry[]).map(({ url, file: source }) => ({ url, file: source }));
}

function keyRefused(file: string, field: string): ConfigError {
  return new ConfigError(
    file,
    field,
    l10n.t('"{0}" looks like an API key: a key never goes in this file. Set the environment variable WEBREPORTS_API_KEY instead.', field),
  );
}

function unknownField(file: string, field: string, known: Set<string>): ConfigError {
  return new ConfigError(file, field, l10n.t('"{0}" is not a known field (known: {1}).', field, [...known].join(', ')));
}

function tooMany(file: string, field: string): ConfigError {
  return new ConfigError(file, field, l10n.t('"{0}" may hold at most {1} entries.', field, MAX_CONFIG_ENTRIES));
}

function badBaseUrl(file: string): ConfigError {
  return new ConfigError(
    file,
    'baseUrl',
    l10n.t('"{0}" must be an http(s) URL without a query or a fragment, such as "https://reports.example.com".', 'baseUrl'),
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The config's `baseUrl`, by the client's own rule (parseBaseUrl); credentials in it are a key. */
function baseUrlOf(file: string, value: unknown): string {
  if (typeof value !== 'string') throw badBaseUrl(file);
  if (baseUrlProblem(value) === undefined) return value;
  const url = URL.canParse(value.trim()) ? new URL(value.trim()) : undefined;
  if (url?.username || url?.password) throw keyRefused(file, 'baseUrl');
  throw badBaseUrl(file);
}

/** The config's `reportLink`, checked (reportLink.ts); every format links findings with it. */
function reportLinkField(file: string, value: unknown): string {
  const problem = reportLinkProblem(value);
  if (problem === 'credentials') throw keyRefused(file, 'reportLink');
  if (problem) {
    throw new ConfigError(
      file,
      'reportLink',
      l10n.t(
        '"{0}" must be an http(s) URL with exactly one {1}, such as "https://reports.example.com/reports/{1}".',
        'reportLink',
        REPORT_LINK_ID,
      ),
    );
  }
  return value as string;
}

function patterns(file: string, field: string, value: unknown): string[] {
  if (!Array.isArray(value) || !value.every(isUsablePattern)) {
    throw new ConfigError(file, field, l10n.t('"{0}" must be a list of non-empty glob patterns.', field));
  }
  if (value.length > MAX_CONFIG_ENTRIES) throw tooMany(file, field);
  const problem = tooLongTogether(field, value as string[]);
  if (problem) throw new ConfigError(file, field, problem);
  return value as string[];
}

function number(file: string, field: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw new ConfigError(file, field, l10n.t('"{0}" must be a number from {1} to {2}.', field, min, max));
  }
  return value;
}

function rules(file: string, value: unknown): GateRule[] {
  if (!Array.isArray(value)) throw new ConfigError(file, 'rules', l10n.t('"{0}" must be a list of rules.', 'rules'));
  if (value.length > MAX_CONFIG_ENTRIES) throw tooMany(file, 'rules');
  const out = value.map((entry, i) => rule(file, `rules[${i}]`, entry));
  const problem = tooLongTogether(
    'rules',
    out.map((r) => r.match),
  );
  if (problem) throw new ConfigError(file, 'rules', problem);
  return out;
}

function rule(file: string, at: string, value: unknown): GateRule {
  if (!isObject(value)) throw new ConfigError(file, at, l10n.t('"{0}" must be an object with "match".', at));
  for (const name of Object.keys(value)) {
    if (isKeyField(name)) throw keyRefused(file, `${at}.${name}`);
    if (!RULE_FIELDS.has(name)) throw unknownField(file, `${at}.${name}`, RULE_FIELDS);
  }
  if (!isUsablePattern(value.match)) {
    throw new ConfigError(file, `${at}.match`, l10n.t('"{0}" must be a URL glob such as "https://example.com/**".', `${at}.match`));
  }
  const out: GateRule = { match: value.match };
  if (value.minScore !== undefined) out.minScore = number(file, `${at}.minScore`, value.minScore, 0, 100);
  if (value.level !== undefined) {
    if (typeof value.level !== 'string' || !LEVELS.includes(value.level)) {
      throw new ConfigError(file, `${at}.level`, l10n.t('"{0}" must be "error" or "warn".', `${at}.level`));
    }
    out.level = value.level as Level;
  }
  if (value.checks !== undefined) {
    if (!isObject(value.checks)) {
      throw new ConfigError(
        file,
        `${at}.checks`,
        l10n.t('"{0}" must be an object of check names to "error", "warn" or "off".', `${at}.checks`),
      );
    }
    const entries = Object.entries(value.checks);
    if (entries.length > MAX_CONFIG_ENTRIES) throw tooMany(file, `${at}.checks`);
    out.checks = {};
    for (const [check, level] of entries) {
      if (typeof level !== 'string' || !CHECK_LEVELS.includes(level)) {
        throw new ConfigError(file, `${at}.checks.${check}`, l10n.t('"{0}" must be "error", "warn" or "off".', `${at}.checks.${check}`));
      }
      out.checks[check] = level as CheckLevel;
    }
  }
  return out;
}
