// The commands come from one list (extension/commands.json); package.json's commands, menus and
// key bindings and extension/commandIds.generated.ts are written from it by
// scripts/generateContributions.js. These tests run the generator in memory: they fail while an
// output is stale, and they follow the "Adding a command" recipe of docs/ARCHITECTURE.md on a copy
// of the list to show one new entry reaches every output.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { COMMAND } from '../../../extension/ids';

const ROOT = path.join(__dirname, '..', '..', '..', '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

interface Placement {
  command: string;
  when?: string;
  group?: string;
}
interface Binding {
  key: string;
  mac?: string;
  when?: string;
}
interface ListedCommand {
  id: string;
  title: string;
  category?: string;
  icon?: string;
  enablement?: string;
  keybindings?: Binding[];
}
interface CommandList {
  category: string;
  commands: ListedCommand[];
  menus: Record<string, Placement[]>;
}
interface Contributes {
  commands: { command: string; title: string; category: string; icon?: string }[];
  menus: Record<string, Placement[]>;
  keybindings: (Binding & { command: string })[];
  [section: string]: unknown;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the plain CommonJS generator script
const generator = require(path.join(ROOT, 'scripts', 'generateContributions.js')) as {
  SOURCE: string;
  IDS_FILE: string;
  problems(source: CommandList, nlsFiles?: Record<string, Record<string, string>>): string[];
  manifestText(source: CommandList, packageJsonText: string): string;
  idsText(source: CommandList): string;
  commandIds(source: CommandList): string[];
  readNlsFiles(root?: string): Record<string, Record<string, string>>;
  outputs(source: CommandList, root?: string): Record<string, string>;
};

const list = (): CommandList => JSON.parse(read(generator.SOURCE)) as CommandList;

describe('contributions: the commands from one list', () => {
  it('package.json and the typed ids are what the list gives (run npm run generate:contributions when not)', () => {
    for (const [file, text] of Object.entries(generator.outputs(list(), ROOT))) {
      assert.ok(read(file) === text, `${file} is stale against ${generator.SOURCE}: run npm run generate:contributions`);
    }
  });

  it('the list is sound: ids, menus naming listed commands, the words in every package.nls file', () => {
    const nls = generator.readNlsFiles(ROOT);
    assert.ok(Object.keys(nls).length >= 2, 'English and German words');
    assert.deepEqual(generator.problems(list(), nls), []);
  });

  it('COMMAND is the list, name for name, in its order', () => {
    assert.deepEqual(Object.values(COMMAND), generator.commandIds(list()));
    for (const [name, id] of Object.entries(COMMAND)) assert.equal(id, `webReports.${name}`);
  });

  it('a changed output is noticed: a hand edit of package.json or of the ids is stale', () => {
    const source = list();
    const manifest = read('package.json');
    assert.notEqual(
      generator.manifestText(source, manifest.replace('"%command.refresh.title%"', '"Refresh"')),
      manifest.replace('"%command.refresh.title%"', '"Refresh"'),
    );
    assert.notEqual(generator.idsText(source), read(generator.IDS_FILE).replace("'webReports.refresh'", "'webReports.reload'"));
  });

  it('adding a command to a copy of the list places it in every output and leaves the other sections alone', () => {
    // The recipe's step 2 on a copy: one entry with a key binding, and its menu placements.
    const source = list();
    source.commands.push({
      id: 'webReports.sayHello',
      title: 'command.sayHello.title',
      icon: '$(smiley)',
      keybindings: [{ key: 'ctrl+alt+h', mac: 'cmd+alt+h', when: 'editorTextFocus' }],
    });
    source.menus['view/title'].push({ command: 'webReports.sayHello', when: 'view == webReports.reports', group: '9_hello@1' });
    source.menus.commandPalette.push({ command: 'webReports.sayHello', when: 'webReports.signedIn' });
    // Another helper's section of `contributes` (and one not there yet) stays as it was.
    const before = JSON.parse(read('package.json')) as { contributes: Contributes };
    before.contributes.languageModelTools = [{ name: 'webReports_someTool' }];
    const after = JSON.parse(generator.manifestText(source, JSON.stringify(before, null, 2))) as { contributes: Contributes };

    assert.deepEqual(after.contributes.commands.at(-1), {
      command: 'webReports.sayHello',
      title: '%command.sayHello.title%',
      category: '%command.category%',
      icon: '$(smiley)',
    });
    assert.deepEqual(after.contributes.menus['view/title'].at(-1), {
      command: 'webReports.sayHello',
      when: 'view == webReports.reports',
      group: '9_hello@1',
    });
    assert.deepEqual(after.contributes.menus.commandPalette.at(-1), { command: 'webReports.sayHello', when: 'webReports.signedIn' });
    assert.deepEqual(after.contributes.keybindings.at(-1), {
      command: 'webReports.sayHello',
      key: 'ctrl+alt+h',
      mac: 'cmd+alt+h',
      when: 'editorTextFocus',
    });
    assert.deepEqual(Object.keys(after.contributes), Object.keys(before.contributes), 'each section keeps its place');
    for (const section of Object.keys(before.contributes).filter((s) => !['commands', 'menus', 'keybindings'].includes(s))) {
      assert.deepEqual(after.contributes[section], before.contributes[section], section);
    }
    // The typed ids and the activation test's contract list.
    assert.match(generator.idsText(source), /^ {2}sayHello: 'webReports\.sayHello',$/m);
    assert.equal(generator.commandIds(source).at(-1), 'webReports.sayHello');
    // Until its words are in package.nls.json and package.nls.de.json, the list is not sound.
    const nls = generator.readNlsFiles(ROOT);
    assert.deepEqual(generator.problems(source, nls), [
      'webReports.sayHello: package.nls.de.json has no "command.sayHello.title"',
      'webReports.sayHello: package.nls.json has no "command.sayHello.title"',
    ]);
    for (const words of Object.values(nls)) words['command.sayHello.title'] = 'Say Hello';
    assert.deepEqual(generator.problems(source, nls), []);
  });

  it('a menu naming a command that is not listed, or an id listed twice, is refused', () => {
    const source = list();
    source.menus['editor/context'].push({ command: 'webReports.nothing' });
    source.commands.push({ ...source.commands[0] });
    assert.deepEqual(generator.problems(source), [
      'webReports.setApiKey is listed twice',
      'editor/context names webReports.nothing, which is not in the list',
    ]);
  });
});
