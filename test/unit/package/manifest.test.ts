// The manifest's Marketplace, trust and walkthrough fields, checked in plain Node: what vsce does not
// check and VS Code would only ignore at run time (a walkthrough step waiting on a command or
// setting that does not exist never completes). The real host checks the same walkthrough live
// (test/integration/walkthrough.test.ts).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
// As VS Code reads it in English: every "%key%" filled from package.nls.json.
const nls = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;
const pkg = JSON.parse(
  fs
    .readFileSync(path.join(ROOT, 'package.json'), 'utf8')
    .replace(/"%([^%"]+)%"/g, (whole, key: string) => JSON.stringify(nls[key] ?? whole)),
);

interface Step {
  id: string;
  title: string;
  description: string;
  media: { markdown?: string; image?: string; altText?: string };
  completionEvents: string[];
}

describe('package.json for the Marketplace', () => {
  const commands = new Set<string>(pkg.contributes.commands.map((c: { command: string }) => c.command));
  const settings = new Set(Object.keys(pkg.contributes.configuration.properties));

  it('names its repository, issues, homepage, banner, categories and keywords', () => {
    assert.match(pkg.repository.url, /^https:\/\/github\.com\/[\w-]+\/[\w-]+\.git$/);
    assert.match(pkg.bugs.url, /^https:\/\/github\.com\/.+\/issues$/);
    assert.match(pkg.homepage, /^https:\/\//);
    assert.match(pkg.galleryBanner.color, /^#[0-9a-f]{6}$/i);
    assert.ok(['dark', 'light'].includes(pkg.galleryBanner.theme));
    assert.ok(pkg.categories.length > 0 && pkg.keywords.length > 0 && pkg.keywords.length <= 30);
  });

  it('has a CHANGELOG entry for its version', () => {
    const changelog = fs.readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8');
    assert.match(changelog, new RegExp(`^## ${pkg.version.replace(/\./g, '\\.')}\\b`, 'm'));
  });

  it('declares workspace trust, virtual workspaces and where it runs', () => {
    assert.equal(pkg.capabilities.untrustedWorkspaces.supported, true);
    assert.ok(pkg.capabilities.untrustedWorkspaces.description);
    assert.equal(pkg.capabilities.virtualWorkspaces, true);
    assert.deepEqual(pkg.extensionKind, ['ui', 'workspace']);
    // Safe without trust only because a workspace cannot redirect the key: keep it so.
    assert.equal(pkg.contributes.configuration.properties['webReports.baseUrl'].scope, 'application');
  });

  it('contributes the status bar setting (boolean, on by default)', () => {
    assert.deepEqual(
      {
        type: pkg.contributes.configuration.properties['webReports.statusBar'].type,
        default: pkg.contributes.configuration.properties['webReports.statusBar'].default,
      },
      { type: 'boolean', default: true },
    );
  });

  describe('the walkthrough', () => {
    const walkthroughs = pkg.contributes.walkthroughs as { id: string; title: string; steps: Step[] }[];
    const steps = walkthroughs.flatMap((w) => w.steps);

    it('has the four steps, each ticked by the real state (a context key) as well as by doing it', () => {
      assert.equal(walkthroughs.length, 1);
      const shown = ' && webReports.walkthroughShown';
      assert.deepEqual(
        steps.map((s) => [s.id, s.completionEvents]),
        [
          // Each state also with walkthroughShown: a state already true when VS Code's walkthrough
          // service starts never ticks on its own (extension/support/walkthroughTicks.ts).
          [
            'setBaseUrl',
            ['onSettingChanged:webReports.baseUrl', 'onContext:webReports.baseUrlSet', `onContext:webReports.baseUrlSet${shown}`],
          ],
          ['setApiKey', ['onContext:webReports.signedIn', `onContext:webReports.signedIn${shown}`]],
          [
            'createReport',
            ['onCommand:webReports.createReport', 'onContext:webReports.hasReports', `onContext:webReports.hasReports${shown}`],
          ],
          [
            'showAccount',
            ['onCommand:webReports.showAccount', 'onContext:webReports.accountShown', `onContext:webReports.accountShown${shown}`],
          ],
        ],
      );
    });

    it('waits only on commands and settings it contributes, and links only those', () => {
      for (const step of steps) {
        for (const event of step.completionEvents) {
          const [kind, name] = event.split(/:(.*)/s);
          if (kind === 'onCommand') assert.ok(commands.has(name), `${step.id}: unknown command ${name}`);
          else if (kind === 'onSettingChanged') assert.ok(settings.has(name), `${step.id}: unknown setting ${name}`);
          else assert.equal(kind, 'onContext', `${step.id}: unexpected event ${event}`);
        }
        const links = [...step.description.matchAll(/\]\(command:([\w.]+)(\?[^)]*)?\)/g)];
        assert.equal(links.length, 1, `${step.id}: one button`);
        for (const [, command, args] of links) {
          if (command === 'workbench.action.openSettings') assert.ok(settings.has(JSON.parse(decodeURIComponent(args!.slice(1)))[0]));
          else assert.ok(commands.has(command), `${step.id}: links unknown command ${command}`);
        }
      }
    });

    it('has its media on disk, images with alt text', () => {
      for (const step of steps) {
        const file = step.media.markdown ?? step.media.image;
        assert.ok(file && fs.existsSync(path.join(ROOT, file)), `${step.id}: media ${file} missing`);
        if (step.media.image) assert.ok(step.media.altText, `${step.id}: image without altText`);
      }
    });
  });
});
