// The last phase of the integration run: the packaged extension, as users get it. The .vsix (from
// WEBREPORTS_VSIX when `npm test` packaged it already, else built here by scripts/package.js) is
// installed with code-server's --install-extension into a fresh extensions dir; a second
// code-server then runs test/integration-vsix with an empty folder as development path, so the
// only copy of the extension it can load is the installed one.
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT, writeUserSettings, type Fixture } from './fixtures';
import { log } from './systemTools';

/** The compiled smoke index for the installed copy, without `.js`. */
export const VSIX_SUITE_INDEX = path.join(ROOT, 'out', 'test', 'integration-vsix', 'index');

export interface VsixDirs {
  userDataDir: string;
  extensionsDir: string;
  /** An empty folder given as extensionDevelopmentPath (VS Code runs extension tests only with one). */
  emptyDevelopmentPath: string;
}

/** The .vsix to test: WEBREPORTS_VSIX if it names a file, else packaged now into the temp folder. */
export function obtainVsix(fixture: Fixture): string {
  const given = process.env.WEBREPORTS_VSIX;
  if (given && fs.existsSync(given)) return given;
  const out = path.join(fixture.tmp, 'website-reports.vsix');
  log('packaging the extension (scripts/package.js)');
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'package.js'), '--out', out], { cwd: ROOT, stdio: 'pipe' });
  return out;
}

/** Installs the .vsix with code-server's CLI into fresh dirs; fails with its output when it does not say so. */
export async function installVsix(entry: string, fixture: Fixture, vsix: string, env: NodeJS.ProcessEnv): Promise<VsixDirs> {
  const base = path.join(fixture.tmp, 'vsix');
  const dirs: VsixDirs = {
    userDataDir: path.join(base, 'user-data'),
    extensionsDir: path.join(base, 'extensions'),
    emptyDevelopmentPath: path.join(base, 'no-extension'),
  };
  for (const dir of Object.values(dirs)) fs.mkdirSync(dir, { recursive: true });
  writeUserSettings(dirs.userDataDir, fixture.service.url);
  const config = path.join(base, 'code-server.yaml');
  fs.writeFileSync(config, 'auth: none\ncert: false\n'); // never the user's ~/.config/code-server
  const args = [entry, '--config', config, '--user-data-dir', dirs.userDataDir, '--extensions-dir', dirs.extensionsDir];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [...args, '--install-extension', vsix], { cwd: base, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.stderr.on('data', (d) => (text += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0 && /successfully installed/i.test(text)) resolve(text);
      else reject(new Error(`--install-extension failed (exit ${code}): ${text.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
  const installed = fs.readdirSync(dirs.extensionsDir).filter((d) => d.startsWith('webreports.website-reports-'));
  if (installed.length !== 1) throw new Error(`after --install-extension the extensions dir holds ${installed.join(', ') || 'nothing'}`);
  log(`installed ${path.basename(vsix)} → ${installed[0]} (${output.trim().split('\n').pop()})`);
  return dirs;
}

export function packageVersion(): string {
  return String(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
}
