// `website-reports … | head`: the reader closes the pipe before the command has written all it
// has. The command must end as it would have (its own exit code), not with an unhandled EPIPE and
// a stack trace on stderr.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { CLI, project, removeProjects } from './runCli';

function runWithClosedStdout(args: string[], cwd: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, env: { PATH: process.env.PATH }, stdio: ['ignore', 'pipe', 'pipe'] });
    // Closed at once: the child is still starting (tens of ms), so every write it makes meets a closed pipe.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('cli: a reader that closes the pipe early', function () {
  this.timeout(60_000);
  after(removeProjects);

  it('check --dump ends with its own exit code and says nothing on stderr', async () => {
    const lines = Array.from({ length: 5_000 }, (_, i) => `- https://site-${i % 40}.example.com/page/${i}`);
    const dir = await project({ 'README.md': lines.join('\n') });
    const run = await runWithClosedStdout(['check', '--dump'], dir);
    assert.equal(run.stderr, '');
    assert.equal(run.code, 0);
  });

  it('--help, whose one write meets the closed pipe, ends with 0 and says nothing', async () => {
    const dir = await project({});
    const run = await runWithClosedStdout(['--help'], dir);
    assert.equal(run.stderr, '');
    assert.equal(run.code, 0);
  });
});
