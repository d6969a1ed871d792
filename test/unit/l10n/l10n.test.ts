// Localisation holds together (docs/LOCALISATION.md): no user-facing literal bypasses `t(...)`,
// every `%key%` of the manifest has its English and German words, the generated bundle is what
// the sources say today, and the German bundle has every message with the same placeholders.
import { strict as assert } from 'node:assert';
import * as fs from 'fs';
import * as path from 'path';
import { getL10nJson } from '@vscode/l10n-dev';
import { findInSource, findInTree, sourceFiles } from '../../../scripts/l10n/literals';

const ROOT = path.resolve(__dirname, '../../../..');
const readJson = (file: string): Record<string, unknown> => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));
const placeholders = (text: string): string[] => [...new Set(text.match(/\{\d+\}/g) ?? [])].sort();
const messageOf = (value: unknown): string => (typeof value === 'string' ? value : (value as { message: string }).message);

describe('l10n: the literal scanner', () => {
  const found = (source: string) => findInSource('sample.ts', source).map((f) => f.text);

  it('flags words outside t(), in strings, templates and the text of HTML', () => {
    assert.deepEqual(found(`const a = 'Report not found'; const b = \`Deleted \${n} reports\`;`), ['Report not found', 'Deleted ']);
    assert.deepEqual(found(`const c = 'Refresh';`), ['Refresh']);
    assert.deepEqual(found('const h = `<h2>Checks</h2><button title="Open it">x</button>`;'), ['<h2>Checks</h2><button title="Open it">x</button>']);
  });

  it('lets through t() messages, log lines, exempt literals, ids, paths and types', () => {
    const source = [
      `import * as l10n from '@vscode/l10n';`,
      `type Kind = 'Not Found';`,
      `const a = l10n.t('Report {0} not found', id); const b = vscode.l10n.t({ message: 'Good', comment: ['A rating'] });`,
      `log('info', 'Listing reports from the service');`,
      `this.channel.warn('Ignored a link to another origin');`,
      `const header = 'Bearer '; // l10n-exempt: a protocol value`,
      `// l10n-exempt: CSV is a data format`,
      `const csv = 'No rating';`,
      `const ids = ['webReports.setApiKey', 'utf8', 'media/dist/panel.js', 'good'];`,
      `const html = \`<div class="report-list">\${x}</div>\`;`,
    ].join('\n');
    assert.deepEqual(found(source), []);
  });

  it('lets through a whole file marked l10n-exempt-file near its top, and only then', () => {
    assert.deepEqual(found(`// Agent answers.\n// l10n-exempt-file: read by a model\nconst a = 'Report not found';`), []);
    assert.deepEqual(found(`const a = 'Report not found';${'\n'.repeat(20)}// l10n-exempt-file: too late to count`), ['Report not found']);
  });
});

describe('l10n: the sources', () => {
  it('have no user-facing literal that bypasses localisation', () => {
    const findings = [path.join(ROOT, 'extension'), path.join(ROOT, 'core')].flatMap(findInTree).map((f) => `${path.relative(ROOT, f.file)}:${f.line}: ${JSON.stringify(f.text)}`);
    assert.deepEqual(findings, [], 'localise these with t(...) or mark them `// l10n-exempt: <why>` (docs/LOCALISATION.md)');
  });

  it('match the generated bundle (run `npm run l10n` after changing a message)', async function () {
    this.timeout(120_000); // parses every source file; slow on a busy machine
    const files = [path.join(ROOT, 'extension'), path.join(ROOT, 'core')].flatMap((root) => sourceFiles(root)).map((file) => ({ extension: '.ts', contents: fs.readFileSync(file, 'utf8') }));
    const generated = await getL10nJson(files);
    assert.deepEqual(readJson('l10n/bundle.l10n.json'), JSON.parse(JSON.stringify(generated)));
  });
});

describe('l10n: German', () => {
  let english: Record<string, unknown>;
  let german: Record<string, unknown>;
  before(() => {
    english = readJson('l10n/bundle.l10n.json');
    german = readJson('l10n/bundle.l10n.de.json');
  });

  it('translates every message of the bundle, keeping its placeholders', () => {
    assert.ok(Object.keys(english).length > 100, 'the bundle holds the extension\'s messages');
    assert.deepEqual(Object.keys(german).sort(), Object.keys(english).sort());
    for (const [key, value] of Object.entries(english)) {
      const translated = german[key];
      assert.equal(typeof translated, 'string', key);
      assert.deepEqual(placeholders(translated as string), placeholders(messageOf(value)), `placeholders of ${JSON.stringify(key)}`);
    }
  });

  it('is German, not the English copied', () => {
    const same = Object.entries(english).filter(([key, value]) => german[key] === messageOf(value));
    assert.ok(same.length <= Object.keys(english).length / 20, `left in English: ${same.map(([key]) => key).join(' | ')}`);
  });
});

describe('l10n: the manifest', () => {
  let manifest: string;
  let keys: string[];
  let english: Record<string, unknown>;
  let german: Record<string, unknown>;
  before(() => {
    manifest = fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8');
    keys = [...manifest.matchAll(/"%([^%"]+)%"/g)].map((match) => match[1]);
    english = readJson('package.nls.json');
    german = readJson('package.nls.de.json');
  });

  it('names its words by key: titles, settings, views and the walkthrough', () => {
    const contributes = (JSON.parse(manifest) as { contributes: { commands: { title: string }[] } }).contributes;
    assert.ok(keys.length > 30, 'package.json uses %key% placeholders');
    const literalTitles = contributes.commands.filter((c) => !/^%.+%$/.test(c.title)).map((c) => c.title);
    assert.deepEqual(literalTitles, [], 'command titles without a %key%');
  });

  it('has every key in English and German, with the same placeholders and nothing extra', () => {
    assert.deepEqual(keys.filter((key) => !(key in english)), [], 'keys missing from package.nls.json');
    assert.deepEqual(Object.keys(german).sort(), Object.keys(english).sort(), 'package.nls.de.json has other keys than package.nls.json');
    for (const [key, value] of Object.entries(english)) {
      assert.deepEqual(placeholders(messageOf(german[key])), placeholders(messageOf(value)), key);
      const links = (text: string) => (text.match(/\(command:[^)]+\)/g) ?? []).sort();
      assert.deepEqual(links(messageOf(german[key])), links(messageOf(value)), `command links of ${key}`);
    }
  });
});
