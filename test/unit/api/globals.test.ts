// The extension leaves process-wide state as it found it: loading its bundle and sending a request
// must not register undici's global dispatcher (which Node's own `fetch` in the shared extension
// host would then use, bypassing VS Code's proxy support) nor replace `globalThis.fetch`.
// The bundles are built here from the current source, with the options of esbuild.js, and loaded
// in a child Node process, the way the extension host loads them.
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { RunningService } from '../../../service/server';
import { startTestService } from './harness';

const ROOT = path.resolve(__dirname, '../../../..');

// Runs in the child. `vscode` does not exist in plain Node: a stub stands in for it (the only
// mock here) — any property, call or construction gives the stub again, so module-level uses such
// as \`vscode.CodeActionKind.QuickFix\` load. The probe reads the globals at each step.
const CHILD = `
const Module = require('node:module');
const load = Module._load;
const stub = new Proxy(function () {}, { get: (_t, p) => (p === Symbol.toPrimitive ? () => '' : p === 'then' ? undefined : stub), apply: () => stub, construct: () => stub });
Module._load = function (request, ...rest) { return request === 'vscode' ? stub : load.call(this, request, ...rest); };
const symbols = [Symbol.for('undici.globalDispatcher.1'), Symbol.for('undici.globalDispatcher.2')];
const fetch0 = globalThis.fetch;
const probe = () => ({ dispatchers: symbols.map((s) => Object.getOwnPropertyDescriptor(globalThis, s) !== undefined), sameFetch: globalThis.fetch === fetch0 });
(async () => {
  const steps = { before: probe() };
  const extension = require(process.env.EXTENSION_BUNDLE);
  steps.loaded = { ...probe(), activate: typeof extension.activate };
  const { ReportsClient } = require(process.env.CLIENT_BUNDLE);
  const client = new ReportsClient({ baseUrl: process.env.SERVICE_URL, apiKey: () => process.env.SERVICE_KEY, proxy: { env: {} } });
  const account = await client.getAccount();
  steps.requested = { ...probe(), email: typeof account.email };
  await client.dispose();
  require(process.env.UNDICI_ENTRY); // control: undici's entry point does register one, so the probe can see it
  steps.control = probe();
  process.stdout.write(JSON.stringify(steps));
})().catch((error) => { console.error(error); process.exit(1); });
`;

describe('process-wide state: the built bundle in a child Node', function () {
  this.timeout(60_000);
  let dir: string;
  let service: RunningService;

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'webreports-globals-'));
    service = await startTestService({ apiKey: 'globals-key' });
    const options = { bundle: true, format: 'cjs', platform: 'node', target: 'node20', logLevel: 'error', absWorkingDir: ROOT } as const;
    await build({ ...options, entryPoints: ['extension/extension.ts'], outfile: path.join(dir, 'extension.js'), external: ['vscode'] });
    await build({ ...options, entryPoints: ['core/client/client.ts'], outfile: path.join(dir, 'client.js') });
    await writeFile(path.join(dir, 'child.js'), CHILD);
  });
  after(async () => {
    await service.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('loading the extension and sending a request leave the global dispatcher and fetch as they were', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(dir, 'child.js')], {
      env: {
        ...process.env,
        EXTENSION_BUNDLE: path.join(dir, 'extension.js'),
        CLIENT_BUNDLE: path.join(dir, 'client.js'),
        SERVICE_URL: service.url,
        SERVICE_KEY: 'globals-key',
        UNDICI_ENTRY: require.resolve('undici'),
      },
    });
    const steps = JSON.parse(stdout);
    const untouched = { dispatchers: [false, false], sameFetch: true };
    assert.deepEqual(steps.before, untouched);
    assert.deepEqual(steps.loaded, { ...untouched, activate: 'function' }, 'after loading the bundle');
    assert.deepEqual(steps.requested, { ...untouched, email: 'string' }, 'after a request');
    assert.deepEqual(steps.control.dispatchers, [true, true], "the probe sees undici's own registration");
  });
});
