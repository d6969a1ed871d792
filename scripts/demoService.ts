// The demo service's address and how the command line reaches it: the same port across restarts
// (the history of runs and the printed command-line examples name the address) and a file of
// `export` lines a shell can source.
import * as fs from 'node:fs';
import * as net from 'node:net';
import { freePort } from '../test/host/codeServer';

/** The demo service's address stays the same across restarts when this port is free. */
export const DEFAULT_SERVICE_PORT = 8787;

export function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * The service's port: the one of the last start when it is free (the history of runs and the
 * command-line examples name the address), else the default, else any free port; remembered.
 */
export async function servicePort(file: string): Promise<number> {
  let remembered: number | undefined;
  try {
    remembered = Number(JSON.parse(fs.readFileSync(file, 'utf8')).port) || undefined;
  } catch {
    // first start
  }
  for (const port of [remembered, DEFAULT_SERVICE_PORT]) if (port && (await portFree(port))) return port;
  return freePort();
}

/** What the command line needs to reach the demo service, as `export` lines a shell can source. */
export function writeDemoEnv(file: string, baseUrl: string, apiKey: string): void {
  const quote = (v: string) => `'${v.replace(/'/g, `'\\''`)}'`;
  fs.writeFileSync(
    file,
    `# The demo's report service, for the command line: (. .data/demo.env && cd .data/demo-workspace && node ../../out/cli/main.js check)\n` +
      `export WEBREPORTS_BASE_URL=${quote(baseUrl)}\nexport WEBREPORTS_API_KEY=${quote(apiKey)}\n`,
  );
}
