// `node out/service/cli.js [options]`: runs the local report service until SIGINT/SIGTERM.
import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import { apiKeyProblem, apiKeyRefusal } from './apiKey';
import { startService, type RunningService, type Shape } from './server';

const USAGE = `Usage: node out/service/cli.js [options]

Runs the local Website Reports service (API under /api/v1/).

Options:
  --port N       port to listen on (default: env PORT, else 0 = a free port)
  --host H       address to listen on (default 127.0.0.1)
  --key KEY      API key, visible ASCII only (default: env WEBREPORTS_API_KEY, else a random key)
  --data FILE    database file (default .data/reports.json under the current directory:
                 a .json path means the .db beside it; an existing JSON data file of
                 earlier versions is imported once and renamed aside)
  --seed N       demo reports to create when the data is empty (default 0)
  --latency MS   latency added to every API request (default 0)
  --shape S      real (default): answer as the real service does (numeric result, checks object);
                 plain: the spec's plain reading (rating words, a checks array)
  --rate-limit N requests per minute per key, 429 beyond (default 0 = unlimited; the real service: 60)
  --control      started for tests: /__control endpoints (token printed) and the request log
  --help         show this help
`;

export interface CliOptions {
  port: number;
  host: string;
  key: string;
  data: string;
  seed: number;
  latency: number;
  shape: Shape;
  rateLimit: number;
  control: boolean;
  help: boolean;
}

/** Parses the arguments; throws an Error with a message for people on bad input. */
export function parseArgs(argv: string[], env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): CliOptions {
  const values = new Map<string, string>();
  let help = false;
  let control = false;
  const known = ['port', 'host', 'key', 'data', 'seed', 'latency', 'shape', 'rate-limit'];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      help = true;
      continue;
    }
    if (arg === '--control') {
      control = true;
      continue;
    }
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!m || !known.includes(m[1])) throw new Error(`Unknown option: ${arg}`);
    const value = m[2] ?? argv[++i];
    if (value === undefined) throw new Error(`--${m[1]} needs a value`);
    values.set(m[1], value);
  }
  const int = (name: string, raw: string | undefined, fallback: number, max: number): number => {
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) > max) throw new Error(`--${name} must be an integer between 0 and ${max}`);
    return Number(raw);
  };
  const key = values.get('key') || env.WEBREPORTS_API_KEY || randomBytes(24).toString('base64url');
  const keyProblem = apiKeyProblem(key);
  if (keyProblem) throw new Error(apiKeyRefusal(keyProblem));
  const shape = values.get('shape') ?? 'real';
  if (shape !== 'real' && shape !== 'plain') throw new Error('--shape must be real or plain');
  return {
    port: int('port', values.get('port') ?? env.PORT, 0, 65535),
    host: values.get('host') ?? '127.0.0.1',
    key,
    data: path.resolve(cwd, values.get('data') ?? path.join('.data', 'reports.json')),
    seed: int('seed', values.get('seed'), 0, 100_000),
    latency: int('latency', values.get('latency'), 0, 600_000),
    shape,
    rateLimit: int('rate-limit', values.get('rate-limit'), 0, 1_000_000),
    control,
    help,
  };
}

async function main(): Promise<void> {
  let options: CliOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (options.help) {
    process.stdout.write(USAGE);
    return;
  }
  let service: RunningService;
  try {
    service = await startService({
      apiKey: options.key,
      port: options.port,
      host: options.host,
      dataFile: options.data,
      seed: options.seed,
      latencyMs: options.latency,
      shape: options.shape,
      rateLimitPerMinute: options.rateLimit,
      control: options.control,
      log: (line) => process.stderr.write(`${new Date().toISOString()} ${line}\n`),
    });
  } catch (err) {
    process.stderr.write(`Could not start the service: ${(err as Error).message}\n`);
    process.exitCode = 1;
    return;
  }
  process.stdout.write(`Website Reports service listening on ${service.url}\nAPI key: ${service.apiKey}\n`);
  if (service.controlToken) process.stdout.write(`Control token (X-Control-Token): ${service.controlToken}\n`);
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`${signal}: stopping\n`);
    service.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`Error while stopping: ${(err as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

if (require.main === module) void main();
