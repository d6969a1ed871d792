// A stand-in for a VS Code language pack, so the installed .vsix can be tested in German.
//
// VS Code's server honours `--locale de` only when a language pack for `de` is listed in
// <user-data>/languagepacks.json — which installing Microsoft's pack (MS-CEINTL.vscode-language-
// pack-de) from the Marketplace writes; without one, VS Code stays English and so does every
// extension. The Marketplace is out of reach here (no network but loopback), so this writes that
// list with a pack whose VS Code translations are empty: the workbench keeps its English, and only
// what the extension brings (package.nls.de.json, l10n/bundle.l10n.de.json) turns German.
import * as fs from 'node:fs';
import * as path from 'node:path';

export const TEST_LOCALE = 'de';

/** Lists a `de` language pack (kept in packDir) in the user data dir's languagepacks.json. */
export function installLanguagePackStandIn(userDataDir: string, packDir: string): void {
  const translations = path.join(packDir, 'translations', 'main.i18n.json');
  fs.mkdirSync(path.dirname(translations), { recursive: true });
  fs.writeFileSync(translations, JSON.stringify({ version: '1.0.0', contents: {} }));
  const packs = {
    [TEST_LOCALE]: {
      hash: 'website-reports-test-stand-in',
      extensions: [{ extensionIdentifier: { id: 'website-reports-test.language-pack-de' }, version: '0.0.1' }],
      translations: { vscode: translations },
      label: 'Deutsch',
    },
  };
  fs.mkdirSync(userDataDir, { recursive: true });
  fs.writeFileSync(path.join(userDataDir, 'languagepacks.json'), JSON.stringify(packs));
}
