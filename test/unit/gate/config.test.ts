// The config as both faces read it: found in a folder or its parents, every field checked, errors
// naming the file and the field, a key refused, and a file over the size budget refused unread.
import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ConfigError, findConfig, loadConfig, MAX_CONFIG_BYTES, MAX_CONFIG_ENTRIES, parseConfig } from '../../../core/config/configFile';

const FILE = '/repo/website-reports.json';

function refusal(config: unknown): ConfigError {
  try {
    parseConfig(JSON.stringify(config), FILE);
  } catch (error) {
    assert.ok(error instanceof ConfigError, String(error));
    return error;
  }
  assert.fail('the config was accepted');
}

describe('gate: config', () => {
  it('reads every field and fills the defaults', () => {
    const config = parseConfig(
      JSON.stringify({
        $schema: './schemas/website-reports.schema.json',
        baseUrl: 'https://reports.example.com',
        include: ['docs/**'],
        ignoreUrls: ['http://localhost*/**'],
        tolerance: 3,
        maxAgeDays: 30,
        rules: [{ match: 'https://example.com/**', minScore: 70, checks: { title: 'warn', h1: 'off' }, level: 'warn' }],
      }),
      FILE,
    );
    assert.deepEqual(config, {
      file: FILE,
      baseUrl: 'https://reports.example.com',
      include: ['docs/**'],
      exclude: ['**/node_modules/**', '**/.git/**'],
      ignoreUrls: ['http://localhost*/**'],
      tolerance: 3,
      maxAgeDays: 30,
      rules: [{ match: 'https://example.com/**', minScore: 70, checks: { title: 'warn', h1: 'off' }, level: 'warn' }],
    });
    assert.equal(parseConfig('{}', FILE).tolerance, 5);
  });

  it('names the file and the field of what is wrong', () => {
    const cases: [unknown, string, RegExp][] = [
      [{ tolerance: -1 }, 'tolerance', /"tolerance" must be a number from 0 to 100/],
      [{ rules: [{ match: 'a' }, { minScore: 50 }] }, 'rules[1].match', /"rules\[1\]\.match" must be a URL glob/],
      [{ rules: [{ match: 'a', level: 'fatal' }] }, 'rules[0].level', /must be "error" or "warn"/],
      [{ rules: [{ match: 'a', checks: { title: 'loud' } }] }, 'rules[0].checks.title', /must be "error", "warn" or "off"/],
      [{ rules: [{ match: 'a', colour: 1 }] }, 'rules[0].colour', /is not a known field/],
      [{ include: 'docs/**' }, 'include', /must be a list of non-empty glob patterns/],
      [{ baseUrl: 'ftp://x' }, 'baseUrl', /must be an http\(s\) URL/],
      [{ maxAgedays: 3 }, 'maxAgedays', /is not a known field/],
    ];
    for (const [config, field, message] of cases) {
      const error = refusal(config);
      assert.equal(error.field, field);
      assert.equal(error.file, FILE);
      assert.ok(error.message.startsWith(`${FILE}: `), error.message);
      assert.match(error.message, message);
    }
    assert.match(refusal([1]).message, /must hold a JSON object/);
    assert.throws(() => parseConfig('{"rules": [', FILE), /website-reports\.json: The file is not valid JSON/);
  });

  it('refuses a key, wherever it is put, and credentials in baseUrl', () => {
    for (const [config, field] of [
      [{ apiKey: 'k' }, 'apiKey'],
      [{ API_KEY: 'k' }, 'API_KEY'],
      [{ token: 'k' }, 'token'],
      [{ rules: [{ match: 'a', key: 'k' }] }, 'rules[0].key'],
      [{ baseUrl: 'https://user:secret@reports.example.com' }, 'baseUrl'],
    ] as const) {
      const error = refusal(config);
      assert.equal(error.field, field);
      assert.match(error.message, /looks like an API key.*WEBREPORTS_API_KEY/);
      assert.ok(!error.message.includes('secret'));
    }
  });

  it('refuses more than MAX_CONFIG_ENTRIES rules or patterns', () => {
    const many = Array.from({ length: MAX_CONFIG_ENTRIES + 1 }, (_, i) => ({ match: `https://h${i}.example/**` }));
    assert.equal(refusal({ rules: many }).field, 'rules');
    assert.equal(refusal({ ignoreUrls: many.map((r) => r.match) }).field, 'ignoreUrls');
  });

  it('is found in the folder or a parent, and a file over MAX_CONFIG_BYTES is refused unread', async () => {
    const root = await fsp.mkdtemp(path.join(os.tmpdir(), 'webreports-config-'));
    const deep = path.join(root, 'a', 'b', 'c');
    await fsp.mkdir(deep, { recursive: true });
    assert.equal(await findConfig(deep), undefined);
    await fsp.writeFile(path.join(root, 'a', 'website-reports.json'), '{"tolerance": 2}');
    assert.equal(await findConfig(deep), path.join(root, 'a', 'website-reports.json'));
    assert.equal((await loadConfig(path.join(root, 'a', 'website-reports.json'))).tolerance, 2);
    const big = path.join(root, 'big.json');
    await fsp.writeFile(big, `{"include": [${'"x",'.repeat(MAX_CONFIG_BYTES / 4)}"x"]}`);
    await assert.rejects(loadConfig(big), /big\.json: The file is larger than 262144 bytes/);
    await assert.rejects(loadConfig(path.join(root, 'missing.json')), /missing\.json: The file cannot be read \(ENOENT\)/);
    await fsp.rm(root, { recursive: true, force: true });
  });
});
