// The MCP server as the editor ships it: dist/mcp.js (esbuild.js; `npm run build` makes it), run
// as a script of its own with the analysis worker beside it, answers the SDK's client over stdio:
// its tools listed (the writing ones only with --allow-writes) and check_page run. And the
// definition the editor hands VS Code: its runtime, the bundle, the address and key in the
// environment only.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { bundledMcpServer, mcpServerSpec } from '../../../extension/agentTools/mcpServerSpec';
import { project, removeProjects } from '../cli/runCli';
import { KEY } from './mcpFixtures';
import { openSession } from './mcpSession';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const BUNDLE = bundledMcpServer(ROOT);
const WRITES = ['create_report', 'rerun_report'];

describe('the bundled MCP server (dist/mcp.js)', function () {
  this.timeout(120_000);
  let cwd: string;
  before(async function () {
    assert.ok(fs.existsSync(BUNDLE), `${BUNDLE} is missing: run npm run build`);
    cwd = await project({ 'index.html': '<!doctype html><html><head><title>Hi</title></head><body><img src="a.png"></body></html>' });
  });
  after(removeProjects);

  it('lists check_page and no writing tool without --allow-writes, and checks a page', async () => {
    const session = await openSession({ cwd, env: { WEBREPORTS_API_KEY: KEY }, server: [BUNDLE] });
    try {
      const names = (await session.client.listTools()).tools.map((t) => t.name);
      assert.ok(names.includes('check_page'), names.join(', '));
      assert.deepEqual(
        names.filter((n) => WRITES.includes(n)),
        [],
      );
      const page = await session.call('check_page', { path: 'index.html' });
      assert.equal(page.isError, false, page.text);
      assert.match(page.text, /Image keywords \[image_keywords\].*"1 image without alt text"/);
      assert.ok(!session.stderr().includes(KEY));
    } finally {
      await session.close();
    }
  });

  it('lists the writing tools with --allow-writes', async () => {
    const session = await openSession({ cwd, env: {}, server: [BUNDLE], args: ['--allow-writes'] });
    try {
      const names = (await session.client.listTools()).tools.map((t) => t.name);
      for (const name of WRITES) assert.ok(names.includes(name), `${name} missing: ${names.join(', ')}`);
    } finally {
      await session.close();
    }
  });
});

describe("the editor's MCP server definition", () => {
  const inputs = {
    extensionPath: path.join('/ext', 'website-reports'),
    execPath: '/opt/code/code',
    historyDir: '/state/history',
    baseUrl: 'https://reports.example/',
    key: KEY,
    cwd: '/work/site',
  };

  it("runs the bundle with the editor's own runtime as Node", () => {
    const spec = mcpServerSpec(inputs);
    assert.equal(spec.command, '/opt/code/code');
    assert.deepEqual(spec.args, [path.join('/ext', 'website-reports', 'dist', 'mcp.js')]);
    assert.equal(spec.env.ELECTRON_RUN_AS_NODE, '1');
    assert.equal(spec.cwd, '/work/site');
  });

  it('carries the address, key and history folder in the environment only, never in the arguments', () => {
    const spec = mcpServerSpec(inputs);
    assert.equal(spec.env.WEBREPORTS_BASE_URL, 'https://reports.example/');
    assert.equal(spec.env.WEBREPORTS_API_KEY, KEY);
    assert.equal(spec.env.WEBREPORTS_HISTORY_DIR, '/state/history');
    assert.ok(!spec.args.some((a) => a.includes(KEY) || a.includes('reports.example')), spec.args.join(' '));
    assert.ok(!spec.args.includes('--allow-writes'));
  });

  it('leaves out what the editor does not have', () => {
    const spec = mcpServerSpec({ extensionPath: '/ext', execPath: '/node', historyDir: '/h' });
    assert.deepEqual(Object.keys(spec.env).sort(), ['ELECTRON_RUN_AS_NODE', 'WEBREPORTS_HISTORY_DIR']);
    assert.equal(spec.cwd, undefined);
  });
});
