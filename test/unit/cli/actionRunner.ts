// Plays the GitHub Actions runner for action/action.yml (nothing real can run here: the runner is
// GitHub's): the inputs as a workflow's `with:` gives them (INPUT_* names, defaults from
// action.yml), the composite steps in order, each `run:` with `bash` and the step's `env:` (its
// `${{ }}` expressions evaluated: inputs, steps.<id>.outputs, github.token, github.action_path),
// a fresh GITHUB_OUTPUT file per step and one GITHUB_STEP_SUMMARY. A `uses:` step (GitHub's own
// actions) is recorded with its inputs, not run. A failing step skips the rest unless `if: always()`.
import { execFile } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- js-yaml has no typings here
const yaml = require('js-yaml') as { load(text: string): unknown };

export const ACTION_DIR = path.resolve(__dirname, '..', '..', '..', '..', 'action');

export interface ActionStep {
  name?: string;
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  shell?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
  'continue-on-error'?: boolean;
}

export interface ActionYaml {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: ActionStep[] };
}

export interface StepRun {
  name: string;
  outcome: 'success' | 'failure' | 'skipped' | 'used';
  stdout: string;
  stderr: string;
  with?: Record<string, string>;
  /** Wall time of a `run:` step (0 for one not run here). */
  ms: number;
}

export interface ActionRun {
  steps: StepRun[];
  outputs: Record<string, string>;
  summary: string;
  failed: boolean;
  /** Every file the steps wrote their outputs to, as text. */
  outputFiles: string[];
  /** The files the action left in RUNNER_TEMP/website-reports (the reports), by name. */
  reports: Record<string, string>;
}

export async function readAction(): Promise<ActionYaml> {
  return yaml.load(await fsp.readFile(path.join(ACTION_DIR, 'action.yml'), 'utf8')) as ActionYaml;
}

export interface RunnerOptions {
  /** `INPUT_<NAME>` (upper case, `-` kept as GitHub does for `with:`) → value. */
  inputs: Record<string, string>;
  /** The job's environment: GITHUB_* variables, PATH. */
  env: Record<string, string | undefined>;
  workspace: string;
}

export async function runAction(options: RunnerOptions): Promise<ActionRun> {
  const action = await readAction();
  const temp = await fsp.mkdtemp(path.join(os.tmpdir(), 'webreports-runner-'));
  const summaryFile = path.join(temp, 'step_summary.md');
  await fsp.writeFile(summaryFile, '');
  const inputs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(action.inputs)) {
    inputs[name] = options.inputs[`INPUT_${name.toUpperCase()}`] ?? spec.default ?? '';
  }
  const stepOutputs: Record<string, Record<string, string>> = {};
  const context = { inputs, stepOutputs, token: options.env.GITHUB_TOKEN ?? '', actionPath: ACTION_DIR };
  const steps: StepRun[] = [];
  const outputFiles: string[] = [];
  let failed = false;
  for (const [i, step] of action.runs.steps.entries()) {
    const name = step.name ?? step.id ?? `step ${i}`;
    if (!shouldRun(step.if, failed, context)) {
      steps.push({ name, outcome: 'skipped', stdout: '', stderr: '', ms: 0 });
      continue;
    }
    if (step.uses) {
      const used = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, evaluate(String(v), context)]));
      steps.push({ name, outcome: 'used', stdout: '', stderr: '', with: used, ms: 0 });
      continue;
    }
    const outputFile = path.join(temp, `output_${i}`);
    await fsp.writeFile(outputFile, '');
    const env: Record<string, string> = {
      ...clean(options.env),
      RUNNER_TEMP: temp,
      // The command line's compile cache (Node 20) in this run's folder, not the user's own.
      NODE_COMPILE_CACHE: path.join(temp, 'compile-cache'),
      GITHUB_WORKSPACE: options.workspace,
      GITHUB_ACTION_PATH: ACTION_DIR,
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summaryFile,
    };
    for (const [k, v] of Object.entries(step.env ?? {})) env[k] = evaluate(String(v), context);
    const started = performance.now();
    const result = await bash(step.run ?? '', env, options.workspace);
    const ms = performance.now() - started;
    const written = await fsp.readFile(outputFile, 'utf8');
    outputFiles.push(written);
    if (step.id) stepOutputs[step.id] = parseOutputs(written);
    const ok = result.code === 0;
    steps.push({ name, outcome: ok ? 'success' : 'failure', stdout: result.stdout, stderr: result.stderr, ms });
    if (!ok && !step['continue-on-error']) failed = true;
  }
  const outputs = Object.fromEntries(Object.entries(action.outputs).map(([k, v]) => [k, evaluate(v.value, context)]));
  const summary = await fsp.readFile(summaryFile, 'utf8');
  const reports: Record<string, string> = {};
  const reportDir = path.join(temp, 'website-reports');
  for (const name of await fsp.readdir(reportDir).catch(() => [])) reports[name] = await fsp.readFile(path.join(reportDir, name), 'utf8');
  await fsp.rm(temp, { recursive: true, force: true });
  return { steps, outputs, summary, failed, outputFiles, reports };
}

interface Context {
  inputs: Record<string, string>;
  stepOutputs: Record<string, Record<string, string>>;
  token: string;
  actionPath: string;
}

function clean(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
}

/** The value of one expression the action uses; anything else is an error (the test then fails). */
function value(expression: string, context: Context): string {
  const e = expression.trim();
  let m: RegExpExecArray | null;
  if ((m = /^inputs\.([\w-]+)$/.exec(e))) {
    if (!(m[1] in context.inputs)) throw new Error(`undeclared input ${m[1]}`);
    return context.inputs[m[1]];
  }
  if ((m = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(e))) return context.stepOutputs[m[1]]?.[m[2]] ?? '';
  if (e === 'github.token') return context.token;
  if (e === 'github.action_path') return context.actionPath;
  if ((m = /^'([^']*)'$/.exec(e))) return m[1];
  throw new Error(`the runner stand-in does not know the expression ${e}`);
}

export function evaluate(text: string, context: Context): string {
  return text.replace(/\$\{\{([^}]*)\}\}/g, (_, expression: string) => value(expression, context));
}

/** `if:` as the action writes it: `always()` and comparisons joined by `&&`; absent means success(). */
function shouldRun(condition: string | undefined, failed: boolean, context: Context): boolean {
  if (!condition) return !failed;
  const terms = condition.split('&&').map((t) => t.trim());
  const always = terms.includes('always()');
  if (failed && !always) return false;
  return terms
    .filter((t) => t !== 'always()')
    .every((t) => {
      const m = /^(.+?)\s*(==|!=)\s*(.+)$/.exec(t);
      if (!m) throw new Error(`the runner stand-in does not know the condition ${t}`);
      const same = value(m[1], context) === value(m[3], context);
      return m[2] === '==' ? same : !same;
    });
}

/** `name=value` lines and `name<<DELIMITER` blocks, as GitHub reads GITHUB_OUTPUT. */
export function parseOutputs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const heredoc = /^([\w-]+)<<(.+)$/.exec(lines[i]);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2], i + 1);
      out[heredoc[1]] = lines.slice(i + 1, end).join('\n');
      i = end;
      continue;
    }
    const at = lines[i].indexOf('=');
    if (at > 0) out[lines[i].slice(0, at)] = lines[i].slice(at + 1);
  }
  return out;
}

function bash(script: string, env: Record<string, string>, cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  // As GitHub runs `shell: bash`: `bash --noprofile --norc -eo pipefail {0}`.
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script],
      { env, cwd, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

/**
 * npm, npx, yarn and pnpm as commands that record their call and fail, for the front of a run's
 * PATH: the action must run none of them (its command line is prebuilt in action/dist/).
 */
export async function stubPackageManagers(): Promise<{ bin: string; calls(): Promise<string> }> {
  const bin = await fsp.mkdtemp(path.join(os.tmpdir(), 'webreports-no-npm-'));
  const log = path.join(bin, 'calls.log');
  await fsp.writeFile(log, '');
  for (const name of ['npm', 'npx', 'yarn', 'pnpm']) {
    await fsp.writeFile(path.join(bin, name), `#!/bin/sh\necho "${name} $*" >>"${log}"\nexit 1\n`, { mode: 0o755 });
  }
  return { bin, calls: () => fsp.readFile(log, 'utf8') };
}
