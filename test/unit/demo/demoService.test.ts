// The demo's service address and the file the command line reads it from: the same port across
// restarts while it is free, and a demo.env that a real shell sources to run `check` against it.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { servicePort, writeDemoEnv } from '../../../scripts/demoService';

describe('demo: the service address survives a restart; demo.env reaches it', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webreports-demo-env-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('takes the remembered port while it is free, another when it is taken', async () => {
    const file = path.join(dir, 'demo-service.json');
    const first = await servicePort(file);
    fs.writeFileSync(file, JSON.stringify({ port: first }));
    assert.equal(await servicePort(file), first, 'the same port on the next start');
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(first, '127.0.0.1', resolve));
    try {
      assert.notEqual(await servicePort(file), first, 'a taken port is not reused');
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('writes export lines a shell sources as they were written, quotes included', () => {
    const file = path.join(dir, 'demo.env');
    writeDemoEnv(file, 'http://127.0.0.1:8787/', "key-with-'quote");
    const out = execFileSync('sh', ['-c', `. "${file}" && printf '%s\\n%s' "$WEBREPORTS_BASE_URL" "$WEBREPORTS_API_KEY"`], {
      encoding: 'utf8',
    });
    assert.equal(out, "http://127.0.0.1:8787/\nkey-with-'quote");
  });
});
