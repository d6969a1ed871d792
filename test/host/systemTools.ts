// What the integration host takes from the machine (prepare.ts): the log line of each step, a
// command on PATH, a browser to drive code-server, and the Debian packages it needs, installed
// as root or named with the command to install them.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const T0 = Date.now();

export function log(message: string): void {
  const secs = ((Date.now() - T0) / 1000).toFixed(1).padStart(5);
  console.log(`[host +${secs}s] ${message}`);
}

export function onPath(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const full = path.join(dir, command);
    try {
      fs.accessSync(full, fs.constants.X_OK);
      if (fs.statSync(full).isFile()) return full;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** `CHROME_PATH`, then /usr/bin/chromium, then chromium / chromium-browser / google-chrome on PATH. */
export function findBrowser(): string | undefined {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (fs.existsSync(fromEnv)) return fromEnv;
    log(`CHROME_PATH=${fromEnv} does not exist; looking elsewhere`);
  }
  if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  for (const name of ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']) {
    const found = onPath(name);
    if (found) return found;
  }
  return undefined;
}

function dpkgInstalled(pkg: string): boolean {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return r.status === 0 && /install ok installed/.test(r.stdout);
}

/** Installs missing Debian packages as root, otherwise stops with the command to run. */
export function ensureDebianPackages(packages: string[]): void {
  const hasDpkg = onPath('dpkg-query') !== undefined;
  const missing = hasDpkg ? packages.filter((p) => !dpkgInstalled(p)) : packages;
  if (missing.length === 0) return;
  const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !onPath('apt-get')) {
    throw new Error(`the integration host needs these packages: ${missing.join(', ')}. Install them with:\n  sudo ${command}`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  log(`apt-get update (for ${missing.join(', ')})`);
  let r = spawnSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'inherit', 'inherit'], env });
  if (r.status !== 0) throw new Error(`apt-get update failed (exit ${r.status}); run: ${command}`);
  log(`apt-get install ${missing.join(' ')}`);
  r = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  if (r.status !== 0) throw new Error(`apt-get install failed (exit ${r.status}); run: ${command}`);
}
