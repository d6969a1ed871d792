// Starts code-server (prepared by prepare.ts) on a loopback port in its own process group, waits
// until it answers, and stops the whole group. Used by the integration run and by `npm start`.
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';

export interface CodeServerOptions {
  /** code-server's entry script (PreparedHost.codeServerEntry). */
  entry: string;
  /** host:port to bind, on loopback. */
  authority: string;
  /** Folder for code-server's own config file. */
  configDir: string;
  userDataDir: string;
  extensionsDir: string;
  /** The folder the workbench opens. */
  folder: string;
  env: NodeJS.ProcessEnv;
  /** Where its stdout and stderr go. */
  output: NodeJS.WritableStream;
  /** Extra flags. */
  args?: string[];
}

export interface RunningCodeServer {
  origin: string;
  child: ChildProcess;
  /** Why it exited, once it has. */
  exited(): string | undefined;
  /** SIGTERM to the group, then SIGKILL to whatever is left after 5 s. */
  stop(): Promise<void>;
  /** Synchronous last resort (process 'exit' handlers). */
  kill(): void;
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (!pid) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Chromium's flags for driving the workbench here: headless-safe, no network of its own. */
export const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A free port on loopback, for a code-server to bind. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startCodeServer(options: CodeServerOptions, timeoutMs = 60_000): Promise<RunningCodeServer> {
  const configFile = path.join(options.configDir, 'code-server.yaml');
  // Its own config file, so code-server does not create or read ~/.config/code-server/config.yaml.
  fs.writeFileSync(configFile, `bind-addr: ${options.authority}\nauth: none\ncert: false\n`);
  const args = [
    options.entry,
    '--config',
    configFile,
    '--bind-addr',
    options.authority,
    '--auth',
    'none',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--ignore-last-opened',
    '--user-data-dir',
    options.userDataDir,
    '--extensions-dir',
    options.extensionsDir,
    ...(options.args ?? []),
    options.folder,
  ];
  // Its own process group (detached), so stopping it stops its extension hosts and helpers too.
  const child = spawn(process.execPath, args, {
    cwd: options.configDir,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(options.output, { end: false });
  child.stderr!.pipe(options.output, { end: false });
  let exited: string | undefined;
  child.on('exit', (code, signal) => (exited = signal ?? `exit ${code}`));

  const origin = `http://${options.authority}`;
  const running: RunningCodeServer = {
    origin,
    child,
    exited: () => exited,
    async stop() {
      if (child.pid === undefined) return;
      const gone =
        child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r()));
      killGroup(child.pid, 'SIGTERM');
      await Promise.race([gone, sleep(5000)]);
      killGroup(child.pid, 'SIGKILL'); // whatever is left of the group (extension hosts, watchers)
    },
    kill: () => killGroup(child.pid, 'SIGKILL'),
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`code-server exited (${exited}) before answering`);
    try {
      const res = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return running;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      await running.stop();
      throw new Error(`code-server did not answer within ${timeoutMs / 1000} s`);
    }
    await sleep(200);
  }
}

/**
 * The workbench URL; the payload makes VS Code load the extension under development (and the
 * suites, if given) and open `openFile` in an editor, if given.
 */
export function workbenchUrl(
  origin: string,
  authority: string,
  folder: string,
  extensionPath: string,
  testsPath?: string,
  openFile?: string,
): string {
  const remote = (p: string) => `vscode-remote://${authority}${p}`;
  const payload: [string, string][] = [['extensionDevelopmentPath', remote(extensionPath)]];
  if (testsPath) payload.push(['extensionTestsPath', remote(testsPath)]);
  if (openFile) payload.push(['openFile', remote(openFile)]);
  payload.push(['skipWelcome', 'true'], ['skipReleaseNotes', 'true']);
  return `${origin}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}
