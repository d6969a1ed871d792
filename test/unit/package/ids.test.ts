// extension/ids.ts is the one place the code takes an id from (its command ids generated from
// extension/commands.json); the manifest (package.json and its nls words) is the other side of the
// same contract. This test holds the two together and keeps the
// code from writing a command id anywhere else.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ACCOUNT_VIEW_TYPE, COMMAND, CONTEXT_KEYS, REPORT_VIEW_TYPE, VIEW_CONTAINER_ID, VIEW_ID } from '../../../extension/ids';

const ROOT = path.join(__dirname, '..', '..', '..', '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

interface Manifest {
  activationEvents: string[];
  contributes: {
    commands: { command: string }[];
    menus: Record<string, { command: string; when?: string }[]>;
    keybindings: { command: string; when?: string }[];
    views: Record<string, { id: string }[]>;
    viewsContainers: { activitybar: { id: string }[] };
    viewsWelcome: { view: string; when?: string }[];
  };
}

const manifest = JSON.parse(read('package.json')) as Manifest;
const ours = new Set<string>(Object.values(COMMAND));

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(rel);
    else if (rel.endsWith('.ts')) yield rel;
  }
}

describe('ids: one source, the same as the manifest', () => {
  it('the contributed commands are exactly COMMAND', () => {
    assert.deepEqual(manifest.contributes.commands.map((c) => c.command).sort(), [...ours].sort());
  });

  it('every command a menu, key binding or welcome link names is one of ours', () => {
    const named = [
      ...Object.values(manifest.contributes.menus).flatMap((items) => items.map((i) => i.command)),
      ...manifest.contributes.keybindings.map((k) => k.command),
    ];
    for (const file of [
      'package.nls.json',
      'package.nls.de.json',
      ...fs.readdirSync(path.join(ROOT, 'media', 'walkthrough')).map((f) => `media/walkthrough/${f}`),
    ]) {
      for (const [, id] of read(file).matchAll(/command:(webReports\.[A-Za-z.]+)/g)) named.push(id);
    }
    assert.ok(named.length > 10, 'the manifest names commands');
    for (const id of named) assert.ok(ours.has(id), `${id} is not in COMMAND`);
  });

  it('the view, its container and the webview types are the manifest’s', () => {
    assert.ok(manifest.contributes.viewsContainers.activitybar.some((c) => c.id === VIEW_CONTAINER_ID));
    assert.ok(manifest.contributes.views[VIEW_CONTAINER_ID].some((v) => v.id === VIEW_ID));
    assert.ok(manifest.contributes.viewsWelcome.every((w) => w.view === VIEW_ID));
    for (const type of [REPORT_VIEW_TYPE, ACCOUNT_VIEW_TYPE]) assert.ok(manifest.activationEvents.includes(`onWebviewPanel:${type}`), type);
  });

  it('every context key the code sets is read by some when clause', () => {
    const whens = JSON.stringify(manifest.contributes);
    for (const key of Object.values(CONTEXT_KEYS)) assert.ok(whens.includes(key), `${key} is read by no when clause`);
  });

  it('no source file but extension/ids.ts writes a command id', () => {
    // A setting may share a command's name (`webReports.sortBy`): a literal that is a setting is one.
    const settings = new Set(
      Object.keys(
        (JSON.parse(read('package.json')) as { contributes: { configuration: { properties: object } } }).contributes.configuration
          .properties,
      ),
    );
    const written: string[] = [];
    for (const file of [...sourceFiles('extension'), ...sourceFiles('core'), ...sourceFiles('cli')]) {
      // ids.ts and the file generated from the one list of commands (extension/commands.json).
      if (file === path.join('extension', 'ids.ts') || file === path.join('extension', 'commandIds.generated.ts')) continue;
      for (const [literal] of read(file).matchAll(/['"`]webReports\.[A-Za-z]+['"`]/g)) {
        if (ours.has(literal.slice(1, -1)) && !settings.has(literal.slice(1, -1))) written.push(`${file}: ${literal}`);
      }
    }
    assert.deepEqual(written, []);
  });
});
