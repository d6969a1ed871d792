// Prepares the VS Code that the integration tests run in: code-server (VS Code 1.100.3) from the npm
// registry, installed into a cache OUTSIDE the clone, plus the Debian packages it needs and a
// browser to drive it. Follows docs/vscode-host.md step by step (its npm postinstall cannot
// run here: it refuses root and downloads ripgrep from the internet).
//
// Cache: `$WEBREPORTS_HOST_CACHE/code-server-<version>` (default `~/.cache/website-reports/...`),
// keyed by version and Node ABI. A marker file is written last; a folder without it is a broken
// half-install and is removed and redone. A lock folder keeps two runs from preparing at once.
//
// Usable alone: `node out/test/host/prepare.js` prepares the cache and prints where things are.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureDebianPackages, findBrowser, log, onPath } from './systemTools';

export const CODE_SERVER_VERSION = '4.100.3';
const MARKER = '.webreports-prepared.json';

export interface PreparedHost {
  /** Folder holding node_modules/code-server. */
  cacheDir: string;
  /** code-server's entry script; run it with this Node (`process.execPath`). */
  codeServerEntry: string;
  /** Browser executable for playwright-core. */
  browser: string;
  /** True when the cache was built by this call. */
  built: boolean;
}

export function cacheRoot(): string {
  if (process.env.WEBREPORTS_HOST_CACHE) return path.resolve(process.env.WEBREPORTS_HOST_CACHE);
  const xdg = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(xdg, 'website-reports');
}

export function hostCacheDir(): string {
  return path.join(cacheRoot(), `code-server-${CODE_SERVER_VERSION}`);
}

/** What the marker records; a cache made for another Node ABI (native modules) is rebuilt. */
function markerContent(): { version: string; nodeAbi: string; platform: string; arch: string } {
  return { version: CODE_SERVER_VERSION, nodeAbi: process.versions.modules, platform: process.platform, arch: process.arch };
}

function cacheIsReady(dir: string): boolean {
  try {
    const marker = JSON.parse(fs.readFileSync(path.join(dir, MARKER), 'utf8'));
    const want = markerContent();
    return (Object.keys(want) as (keyof typeof want)[]).every((k) => marker[k] === want[k]);
  } catch {
    return false;
  }
}

/**
 * The environment for npm children: ours without the npm_* variables `npm test` injects (they
 * would leak its config, e.g. `yes=false`, into the children), plus what these steps need.
 */
function npmEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!/^npm_/i.test(k)) env[k] = v;
  }
  env.npm_config_fund = 'false';
  env.npm_config_audit = 'false';
  env.npm_config_update_notifier = 'false';
  env.npm_config_progress = 'false';
  env.npm_config_loglevel = 'error';
  // Node headers for node-gyp come from the local Node install (no download from nodejs.org).
  const prefix = path.dirname(path.dirname(process.execPath));
  if (fs.existsSync(path.join(prefix, 'include', 'node', 'node.h'))) env.npm_config_nodedir = prefix;
  return { ...env, ...extra };
}

/** npm children still running, stopped by stopPreparing() (on SIGINT/SIGTERM or exit). */
const running = new Set<number>();

/** The lock folder this process holds, released by stopPreparing() too. */
let heldLock: string | undefined;

/** Kills the install steps still running (their process groups) and releases the lock (synchronous, safe in 'exit'). */
export function stopPreparing(): void {
  if (heldLock) fs.rmSync(heldLock, { recursive: true, force: true });
  heldLock = undefined;
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  running.clear();
}

/** Runs a command, streaming its output with a prefix only when it fails (keeps logs short). */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  const label = `${command} ${args.join(' ')}`;
  log(`${label}  (in ${cwd})`);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    // Own process group, so stopPreparing() also stops node-gyp's compilers under npm.
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    if (child.pid !== undefined) running.add(child.pid);
    let output = '';
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.length > 200_000) output = output.slice(-100_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (child.pid !== undefined) running.delete(child.pid);
      if (code === 0) {
        log(`  done in ${((Date.now() - started) / 1000).toFixed(1)}s`);
        resolve();
      } else {
        process.stderr.write(
          output
            .split('\n')
            .slice(-60)
            .map((l) => `  | ${l}`)
            .join('\n') + '\n',
        );
        reject(new Error(`${label} failed (${signal ?? `exit ${code}`}) in ${cwd}`));
      }
    });
  });
}

function symlink(dir: string, linkName: string, target: string): void {
  const link = path.join(dir, linkName);
  if (!fs.existsSync(path.join(dir, target))) throw new Error(`expected ${path.join(dir, target)} after install`);
  try {
    fs.lstatSync(link);
    fs.rmSync(link, { recursive: true, force: true });
  } catch {
    // absent
  }
  fs.symlinkSync(target, link);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock folder next to the cache; a lock left by a dead process is taken over. */
async function withLock<T>(dir: string, body: () => Promise<T>): Promise<T> {
  const lock = `${dir}.lock`;
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + 20 * 60_000;
  let announced = false;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
      heldLock = lock;
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let owner = NaN;
      try {
        owner = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'));
      } catch {
        // being written; retry
      }
      if (Number.isInteger(owner) && owner > 0 && !isAlive(owner)) {
        log(`removing stale lock of process ${owner}`);
        fs.rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for the lock ${lock}`);
      if (!announced) log(`another process (${owner}) is preparing ${dir}; waiting`);
      announced = true;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  try {
    return await body();
  } finally {
    if (heldLock === lock) fs.rmSync(lock, { recursive: true, force: true });
    heldLock = undefined;
  }
}

async function buildCache(dir: string): Promise<void> {
  if (fs.existsSync(dir)) {
    log(`removing incomplete cache ${dir}`);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  fs.mkdirSync(dir, { recursive: true });
  // A package.json of its own so npm installs here and not into a parent project.
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify(
      { name: 'webreports-vscode-host', private: true, description: 'cache of code-server for the Website Reports integration tests' },
      null,
      2,
    ) + '\n',
  );

  const env = npmEnv({ npm_config_unsafe_perm: 'true' });
  const envYes = npmEnv({ npm_config_unsafe_perm: 'true', npm_config_yes: 'true' });

  // 2. code-server itself, without its postinstall; then argon2's native module.
  await run('npm', ['install', '--ignore-scripts', `code-server@${CODE_SERVER_VERSION}`], dir, env);
  await run('npm', ['rebuild', 'argon2'], dir, env);

  // 3. VS Code's own dependencies, ripgrep from Debian, the native modules (npx inside node-pty's
  //    script needs npm_config_yes=true or it waits for an answer nobody types).
  const vscodeDir = path.join(dir, 'node_modules', 'code-server', 'lib', 'vscode');
  await run('npm', ['install', '--omit=dev', '--ignore-scripts'], vscodeDir, env);
  const rg = onPath('rg') ?? '/usr/bin/rg';
  if (!fs.existsSync(rg)) throw new Error('ripgrep (rg) not found; install the Debian package ripgrep');
  const rgTarget = path.join(vscodeDir, 'node_modules', '@vscode', 'ripgrep', 'bin', 'rg');
  fs.mkdirSync(path.dirname(rgTarget), { recursive: true });
  fs.copyFileSync(rg, rgTarget);
  fs.chmodSync(rgTarget, 0o755);
  log(`copied ${rg} to ${path.relative(dir, rgTarget)}`);
  await run(
    'npm',
    ['rebuild', 'kerberos', 'node-pty', '@vscode/spdlog', '@parcel/watcher', 'native-watchdog', '@vscode/deviceid'],
    vscodeDir,
    envYes,
  );

  // 4. The links code-server's postinstall would have made.
  symlink(vscodeDir, 'node_modules.asar', 'node_modules');
  symlink(path.join(vscodeDir, 'bin', 'remote-cli'), 'code-server', 'code-linux.sh');
  symlink(path.join(vscodeDir, 'bin', 'helpers'), 'browser.sh', 'browser-linux.sh');

  // 5. The built-in extensions' dependencies.
  await run('npm', ['install', '--omit=dev'], path.join(vscodeDir, 'extensions'), envYes);

  // Written last: only a complete install has it.
  fs.writeFileSync(path.join(dir, MARKER), JSON.stringify({ ...markerContent(), preparedAt: new Date().toISOString() }, null, 2) + '\n');
}

/** Makes sure code-server and a browser are ready; builds the cache when needed. */
export async function prepare(): Promise<PreparedHost> {
  const dir = hostCacheDir();
  const codeServerEntry = path.join(dir, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
  const cached = cacheIsReady(dir);
  const packages = cached ? [] : ['libkrb5-dev', 'ripgrep'];
  if (!findBrowser()) packages.push('chromium');
  ensureDebianPackages(packages);
  const browser = findBrowser();
  if (!browser) throw new Error('no Chromium/Chrome found: set CHROME_PATH or install the Debian package chromium');

  let built = false;
  if (cached) {
    log(`code-server ${CODE_SERVER_VERSION} cached in ${dir}`);
  } else {
    await withLock(dir, async () => {
      if (cacheIsReady(dir)) return; // another process finished it while we waited
      log(`preparing code-server ${CODE_SERVER_VERSION} in ${dir} (about 3 minutes, once)`);
      const started = Date.now();
      await buildCache(dir);
      built = true;
      log(`code-server ready in ${((Date.now() - started) / 1000).toFixed(0)}s`);
    });
  }
  if (!fs.existsSync(codeServerEntry)) throw new Error(`code-server entry missing: ${codeServerEntry}`);
  log(`browser: ${browser}`);
  return { cacheDir: dir, codeServerEntry, browser, built };
}

if (require.main === module) {
  process.on('exit', stopPreparing);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopPreparing();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
  prepare().then(
    (host) => console.log(JSON.stringify(host, null, 2)),
    (err) => {
      console.error(`prepare failed: ${err instanceof Error ? err.message : err}`);
      process.exit(1);
    },
  );
}
