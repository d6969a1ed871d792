// What a mistyped command line is told, by the real command: an unknown option with the nearest
// one of the command, an option without its value, an output into a folder that does not exist (named,
// before any request), and a scan address without its scheme (said once, with the address meant).
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { nearest } from '../../../cli/argErrors';
import { project, removeProjects, runCli } from './runCli';

const HINT = 'Run "website-reports --help" for the options.';

describe('cli: messages for a mistyped command line', function () {
  this.timeout(30_000);
  after(() => removeProjects());

  it('an unknown option: "unknown option --fromat; did you mean --format?" and the help hint, exit 2', async () => {
    const cwd = await project({});
    const cases: Array<[string[], string]> = [
      [['check', '--fromat', 'json'], 'unknown option --fromat; did you mean --format?'],
      [['check', '--base_url', 'https://r.example'], 'unknown option --base_url; did you mean --base-url?'],
      [['scan', 'https://www.example.com/', '--dry-runn'], 'unknown option --dry-runn; did you mean --dry-run?'],
      [['check', '--nothing-like-it'], 'unknown option --nothing-like-it.'],
      [['check', '--format'], '--format needs a value, e.g. --format json.'],
      [['check', '--dump=yes'], '--dump takes no value.'],
    ];
    for (const [args, said] of cases) {
      const run = await runCli(args, { cwd });
      assert.equal(run.code, 2, args.join(' '));
      assert.equal(run.stderr, `website-reports: ${said}\n${HINT}\n`);
      assert.doesNotMatch(run.stderr, /positional argument|ERR_PARSE/);
    }
  });

  it('suggests only the options of the command, and only near ones', () => {
    assert.equal(nearest('fromat', ['format', 'output']), 'format');
    assert.equal(nearest('ouptut', ['format', 'output']), 'output');
    assert.equal(nearest('basline', ['baseline', 'base-url']), 'baseline');
    assert.equal(nearest('creat-missing', ['create-missing']), 'create-missing');
    assert.equal(nearest('rerun', ['rerun-older-than', 'format']), 'rerun-older-than', 'a unique start');
    assert.equal(nearest('yes', ['format', 'output']), undefined);
    assert.equal(nearest('x'.repeat(5000), ['format']), undefined);
  });

  it('--output, --write or an updated baseline into a missing folder: the folder named, before any request', async () => {
    const cwd = await project({ 'a.md': 'https://www.example.com/\n', 'file.txt': 'x' });
    const env = { WEBREPORTS_API_KEY: 'messages-test-key-0000', WEBREPORTS_BASE_URL: 'http://127.0.0.1:9' };
    const output = await runCli(['check', '--output', 'reports/r.json'], { cwd, env });
    assert.equal(output.code, 2);
    assert.equal(
      output.stderr,
      'website-reports: --output reports/r.json: the folder "reports" does not exist; create it first. Nothing was checked.\n',
    );
    const write = await runCli(['check', '--write', 'sarif=out/x/r.sarif'], { cwd, env });
    assert.match(write.stderr, /^website-reports: --write out\/x\/r\.sarif: the folder "out\/x" does not exist/);
    const notFolder = await runCli(['check', '--baseline', 'file.txt/b.json', '--update-baseline'], { cwd, env });
    assert.match(notFolder.stderr, /^website-reports: --baseline file\.txt\/b\.json: the folder "file\.txt" is not a folder\./);
    const merge = await runCli(['merge', 'shard-1.json', '--output', 'gone/r.sarif'], { cwd });
    assert.match(merge.stderr, /the folder "gone" does not exist/);
    for (const run of [output, write, notFolder]) assert.doesNotMatch(run.stderr, /\.tmp|ENOENT|could not be reached/);
    await fsp.mkdir(path.join(cwd, 'reports'));
    const made = await runCli(['check', '--dump', '--output', 'reports/r.txt'], { cwd, env });
    assert.equal(made.code, 0, made.stderr);
    assert.match(await fsp.readFile(path.join(cwd, 'reports/r.txt'), 'utf8'), /www\.example\.com/);
  });

  it('scan host:port: "not a valid address" once, with the http:// address meant', async () => {
    const cwd = await project({});
    const cases: Array<[string, string]> = [
      ['localhost:4000', 'http://localhost:4000/'],
      ['127.0.0.1:8080', 'http://127.0.0.1:8080/'],
      ['www.example.com/blog', 'https://www.example.com/blog'],
    ];
    for (const [input, meant] of cases) {
      const run = await runCli(['scan', input, '--dry-run'], {
        cwd,
        env: { WEBREPORTS_API_KEY: 'messages-test-key-0000', WEBREPORTS_BASE_URL: 'http://127.0.0.1:9' },
      });
      assert.equal(run.code, 2);
      assert.equal(
        run.stderr,
        `website-reports: "${input}" is not a valid address: it needs http:// or https:// in front. Did you mean "${meant}"?\n`,
      );
    }
    // An address that cannot be read for another reason is said once too (it was said as the sitemap's failure, then again).
    const ftp = await runCli(['scan', 'ftp://files.example.com/', '--dry-run'], {
      cwd,
      env: { WEBREPORTS_API_KEY: 'messages-test-key-0000', WEBREPORTS_BASE_URL: 'http://127.0.0.1:9' },
    });
    assert.equal(ftp.code, 2);
    assert.equal(ftp.stderr.match(/only http and https addresses are read/g)?.length, 1, ftp.stderr);
  });
});
