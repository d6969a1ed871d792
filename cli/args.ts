// The command line, parsed with node's util.parseArgs. A key on the command line is refused.
import { parseArgs } from 'node:util';
import { OPTIONS, type Shard, type Values } from './optionTable';
import { checkLocalOptions, parseShard } from './localArgs';
import { CliFailure } from './usageError';
import { parseFailure } from './argErrors';
import { checkScanInput } from './scanInput';
import { mcpOptions, type McpOptions } from './mcp/mcpOptions';

export const FORMATS = ['text', 'json', 'junit', 'markdown', 'sarif', 'codequality'] as const;
export type Format = (typeof FORMATS)[number];
export const SCAN_FORMATS = ['text', 'json'] as const;
export type ScanFormat = (typeof SCAN_FORMATS)[number];

export interface CheckOptions {
  paths: string[];
  config?: string;
  baseUrl?: string;
  format: Format;
  output?: string;
  dump: boolean;
  createMissing: boolean;
  /** Days: re-run reports older than this. */
  rerunOlderThanDays?: number;
  baseline?: string;
  updateBaseline: boolean;
  privacy: 0 | 1;
  /** `--write FORMAT=FILE`: the same report also written in these formats. */
  writes: { format: Format; file: string }[];
  /** Keep one pull-request comment (GitHub) up to date. */
  githubComment: boolean;
  /** Open, update or close one issue (GitHub) for regressions. */
  githubIssue: boolean;
  /** `--local DIR|ORIGIN`: the pages of a build folder or a running preview, analysed here. */
  local?: string;
  /** `--compare` (with --local): each page against its latest report. */
  compare: boolean;
  /** `--shard I/N` (with --local): only the I-th of N shares of the pages. */
  shard?: Shard;
  /** `--allow-empty`: a run with nothing to check (no URL, no page) passes instead of failing (exit 2). */
  allowEmpty: boolean;
}

/** `merge`: the shards' JSON outputs joined, judged once. */
export interface MergeOptions {
  files: string[];
  config?: string;
  format: Format;
  output?: string;
  writes: { format: Format; file: string }[];
  baseline?: string;
  updateBaseline: boolean;
  /** `--allow-empty`: shards that hold no page at all pass instead of failing (exit 2), as `check --local` does. */
  allowEmpty: boolean;
}

export interface ScanOptions {
  /** A site address or a sitemap's URL. */
  input: string;
  config?: string;
  baseUrl?: string;
  format: ScanFormat;
  include: string[];
  exclude: string[];
  sample?: number;
  remap?: string;
  max?: number;
  dryRun: boolean;
  yes: boolean;
  state?: string;
  privacy: 0 | 1;
}

export type Command =
  | { kind: 'help' }
  | { kind: 'mcp'; options: McpOptions }
  | { kind: 'version' }
  | { kind: 'check'; options: CheckOptions }
  | { kind: 'scan'; options: ScanOptions }
  | { kind: 'merge'; options: MergeOptions };

export { USAGE } from './usage';
export type { Shard, Values } from './optionTable';

/** Options each command accepts (besides --help and --version). */
const SHARED_OPTIONS = ['config', 'base-url', 'format', 'private'];
type Verb = 'check' | 'scan' | 'merge' | 'mcp';
const COMMAND_OPTIONS: Record<Verb, readonly string[]> = {
  mcp: ['config', 'base-url', 'allow-writes'],
  check: [
    ...SHARED_OPTIONS,
    'output',
    'dump',
    'create-missing',
    'rerun-older-than',
    'baseline',
    'update-baseline',
    'write',
    'github-comment',
    'github-issue',
    'local',
    'compare',
    'shard',
    'allow-empty',
  ],
  merge: ['config', 'format', 'output', 'write', 'baseline', 'update-baseline', 'allow-empty'],
  scan: [...SHARED_OPTIONS, 'include', 'exclude', 'sample', 'remap', 'max', 'dry-run', 'yes', 'state'],
};

const KEY_FLAGS = /^--?(api[-_]?key|key|token)(=|$)/i;

/** "7d", "36h", "90m" or a plain number of days → days. */
export function parseAge(text: string): number {
  const match = /^(\d+(?:\.\d+)?)([dhm]?)$/.exec(text.trim());
  if (!match) throw new CliFailure('usage', `--rerun-older-than: "${text}" is not an age such as 7d, 36h or 90m.`);
  const n = Number(match[1]);
  const unit = match[2] || 'd';
  return unit === 'd' ? n : unit === 'h' ? n / 24 : n / 1440;
}

export function parseCommand(argv: readonly string[]): Command {
  const keyFlag = argv.find((a) => KEY_FLAGS.test(a));
  if (keyFlag) {
    throw new CliFailure(
      'key',
      'A key on the command line is refused (it would be kept in shell history and process lists). Set WEBREPORTS_API_KEY instead.',
    );
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: OPTIONS,
      tokens: true,
    });
  } catch (error) {
    // The command's own options are the ones to suggest (the command is the first word, if any).
    const word = argv.find((a) => !a.startsWith('-'));
    const known = word && Object.hasOwn(COMMAND_OPTIONS, word) ? COMMAND_OPTIONS[word as Verb] : Object.keys(OPTIONS);
    throw parseFailure(error, [...known, 'help', 'version']);
  }
  const { values, positionals, tokens } = parsed;
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  const [command, ...paths] = positionals;
  if (command === undefined) return { kind: 'help' };
  if (!Object.hasOwn(COMMAND_OPTIONS, command)) {
    throw new CliFailure(
      'usage',
      `Unknown command "${command}". The commands are "check", "mcp", "merge" and "scan"; run "website-reports --help".`,
    );
  }
  const foreign = tokens.find((t) => t.kind === 'option' && !COMMAND_OPTIONS[command as Verb].includes(t.name));
  if (foreign?.kind === 'option') {
    throw new CliFailure('usage', `${foreign.rawName} is not an option of "${command}"; run "website-reports --help".`);
  }
  if (command === 'scan') return { kind: 'scan', options: scanOptions(values, paths) };
  if (command === 'mcp') return { kind: 'mcp', options: mcpOptions(values, paths) };
  const format = values.format ?? 'text';
  if (!(FORMATS as readonly string[]).includes(format)) {
    throw new CliFailure('usage', `--format: "${format}" is not one of ${FORMATS.join(', ')}.`);
  }
  if (values['update-baseline'] && !values.baseline) throw new CliFailure('usage', '--update-baseline needs --baseline FILE.');
  if (command === 'merge') return { kind: 'merge', options: mergeOptions(values, paths, format as Format) };
  checkLocalOptions(values);
  if (values.dump && (values['create-missing'] || values['rerun-older-than'])) {
    throw new CliFailure('usage', '--dump sends nothing: it cannot be combined with --create-missing or --rerun-older-than.');
  }
  if (values.dump && (values.write?.length || values['github-comment'] || values['github-issue'])) {
    throw new CliFailure('usage', '--dump lists URLs only: it cannot be combined with --write, --github-comment or --github-issue.');
  }
  return {
    kind: 'check',
    options: {
      paths,
      config: values.config,
      baseUrl: values['base-url'],
      format: format as Format,
      output: values.output,
      dump: Boolean(values.dump),
      createMissing: Boolean(values['create-missing']),
      rerunOlderThanDays: values['rerun-older-than'] === undefined ? undefined : parseAge(values['rerun-older-than']),
      baseline: values.baseline,
      updateBaseline: Boolean(values['update-baseline']),
      privacy: values.private ? 1 : 0,
      writes: (values.write ?? []).map(parseWrite),
      githubComment: Boolean(values['github-comment']),
      githubIssue: Boolean(values['github-issue']),
      ...(values.local === undefined ? {} : { local: values.local }),
      compare: Boolean(values.compare),
      ...(values.shard === undefined ? {} : { shard: parseShard(values.shard) }),
      allowEmpty: Boolean(values['allow-empty']),
    },
  };
}

function mergeOptions(values: Values, files: string[], format: Format): MergeOptions {
  if (!files.length) throw new CliFailure('usage', 'merge needs the JSON outputs of the shards, e.g. website-reports merge shard-*.json');
  return {
    files,
    config: values.config,
    format,
    output: values.output,
    writes: (values.write ?? []).map(parseWrite),
    baseline: values.baseline,
    updateBaseline: Boolean(values['update-baseline']),
    allowEmpty: Boolean(values['allow-empty']),
  };
}

/** `FORMAT=FILE` of --write. */
function parseWrite(text: string): { format: Format; file: string } {
  const at = text.indexOf('=');
  const format = text.slice(0, at);
  const file = text.slice(at + 1);
  if (at < 1 || !file || !(FORMATS as readonly string[]).includes(format)) {
    throw new CliFailure('usage', `--write: "${text}" is not FORMAT=FILE with FORMAT one of ${FORMATS.join(', ')}.`);
  }
  return { format: format as Format, file };
}

function scanOptions(values: Values, positionals: string[]): ScanOptions {
  if (positionals.length !== 1) {
    throw new CliFailure(
      'usage',
      positionals.length
        ? `scan takes one address; ${positionals.length} were given.`
        : 'scan needs the address of a site or a sitemap, e.g. website-reports scan https://www.example.com/',
    );
  }
  const format = values.format ?? 'text';
  if (!(SCAN_FORMATS as readonly string[]).includes(format)) {
    throw new CliFailure('usage', `--format: "${format}" is not one of ${SCAN_FORMATS.join(', ')} (for scan).`);
  }
  if (values['dry-run'] && values.yes) throw new CliFailure('usage', '--dry-run creates nothing: it cannot be combined with --yes.');
  checkScanInput(positionals[0]);
  return {
    input: positionals[0],
    config: values.config,
    baseUrl: values['base-url'],
    format: format as ScanFormat,
    include: values.include ?? [],
    exclude: values.exclude ?? [],
    sample: count('--sample', values.sample),
    remap: values.remap,
    max: count('--max', values.max),
    dryRun: Boolean(values['dry-run']),
    yes: Boolean(values.yes),
    state: values.state,
    privacy: values.private ? 1 : 0,
  };
}

/** A whole number of at least 1, or a usage error naming the option. */
function count(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!(n >= 1)) throw new CliFailure('usage', `${name}: "${text}" is not a whole number of at least 1.`);
  return n;
}
