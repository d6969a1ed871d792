// Runs the compiled command line as a child process (asynchronously: the service under test runs
// in this process and must keep answering).
import { execFile } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const CLI = path.resolve(__dirname, '..', '..', '..', 'cli', 'main.js');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], options: { cwd: string; env?: Record<string, string | undefined> }): Promise<CliRun> {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...options.env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k];
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd: options.cwd, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

const made: string[] = [];

/** A temporary project folder holding `files` (path → text); removeProjects() deletes them all. */
export async function project(files: Record<string, string | Buffer>): Promise<string> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'webreports-cli-'));
  made.push(dir);
  for (const [name, content] of Object.entries(files)) {
    await fsp.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await fsp.writeFile(path.join(dir, name), content);
  }
  return dir;
}

export async function removeProjects(): Promise<void> {
  for (const dir of made.splice(0)) await fsp.rm(dir, { recursive: true, force: true });
}
