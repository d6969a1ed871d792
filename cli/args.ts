// The command line, parsed with node's util.parseArgs. A key on the command line is refused.
import { parseArgs } from 'node:util';
import { CliFailure } from './usageError';

export const FORMATS = ['text', 'json', 'junit', 'markdown', 'sarif'] as const;
export type Format = (typeof FORMATS)[number];

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
}

export type Command = { kind: 'help' } | { kind: 'version' } | { kind: 'check'; options: CheckOptions };

export const USAGE = `Usage: website-reports check [paths...] [options]

Checks every http(s) URL written in the given files and folders (default: the working
directory) against its latest report on the report service, and applies the rules of
website-reports.json.

Options:
  --config FILE              the config (default: website-reports.json here or in a parent)
  --base-url URL             the report service (else $WEBREPORTS_BASE_URL, else "baseUrl")
  --format FORMAT            text (default), json, junit, markdown or sarif
  --output FILE              write the report to FILE instead of stdout
  --dump                     list the URLs found with file:line:column; sends nothing
  --create-missing           create reports for URLs without one (3 at a time, never twice)
  --private                  reports it creates are private (default: public)
  --rerun-older-than AGE     re-run reports older than AGE (e.g. 7d, 36h)
  --baseline FILE            only regressions against FILE are errors
  --update-baseline          write the current state to the --baseline FILE
  -h, --help                 this help
  -v, --version              the version

The API key comes from the environment variable WEBREPORTS_API_KEY only.
Exit codes: 0 no error-level finding; 1 at least one; 2 usage, config, key or service failure.
`;

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
      options: {
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
        config: { type: 'string' },
        'base-url': { type: 'string' },
        format: { type: 'string' },
        output: { type: 'string', short: 'o' },
        dump: { type: 'boolean' },
        'create-missing': { type: 'boolean' },
        private: { type: 'boolean' },
        'rerun-older-than': { type: 'string' },
        baseline: { type: 'string' },
        'update-baseline': { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new CliFailure('usage', `${(error as Error).message}\nRun "website-reports --help" for the options.`);
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  const [command, ...paths] = positionals;
  if (command === undefined) return { kind: 'help' };
  if (command !== 'check') {
    throw new CliFailure('usage', `Unknown command "${command}". The command is "check"; run "website-reports --help".`);
  }
  const format = values.format ?? 'text';
  if (!(FORMATS as readonly string[]).includes(format)) {
    throw new CliFailure('usage', `--format: "${format}" is not one of ${FORMATS.join(', ')}.`);
  }
  if (values['update-baseline'] && !values.baseline) throw new CliFailure('usage', '--update-baseline needs --baseline FILE.');
  if (values.dump && (values['create-missing'] || values['rerun-older-than'])) {
    throw new CliFailure('usage', '--dump sends nothing: it cannot be combined with --create-missing or --rerun-older-than.');
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
    },
  };
}
