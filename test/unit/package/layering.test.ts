// The layering rules as the linter applies them, tried on real import lines: core/ imports only
// core/; cli/ and service/ import core/ and themselves; only extension/ imports vscode; an extension
// feature imports shared/, never another feature. Each case
// lints a line placed at a real file's path, so a folder left out of a rule (or a rule switched
// off) fails here, not in review.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { ESLint } from 'eslint';

const ROOT = path.join(__dirname, '..', '..', '..', '..');

/** [file it is written in, import line, refused?] */
const CASES: Array<[string, string, boolean]> = [
  ['core/client/client.ts', "import * as vscode from 'vscode';", true],
  ['core/reports/reportActions.ts', "import { COMMAND } from '../../extension/ids';", true],
  ['core/checks/rating.ts', "import { main } from '../../cli/main';", true],
  ['core/sites/runScan.ts', "import { startServer } from '../../service/server';", true],
  ['core/config/rules.ts', "import { ratingOf } from '../checks/rating';", false],
  ['core/render/reportView.ts', "import { escapeHtml } from './html';", false],
  ['cli/check.ts', "import * as vscode from 'vscode';", true],
  ['cli/check.ts', "import { COMMAND } from '../extension/ids';", true],
  ['cli/check.ts', "import { startServer } from '../service/server';", true],
  ['cli/check.ts', "import { ratingOf } from '../core/checks/rating';", false],
  ['service/server.ts', "import * as vscode from 'vscode';", true],
  ['service/server.ts', "import { main } from '../cli/main';", true],
  ['service/server.ts', "import { ratingOf } from '../core/checks/rating';", false],
  ['extension/extension.ts', "import * as vscode from 'vscode';", false],
  ['extension/reports/create.ts', "import * as vscode from 'vscode';", false],
  // A feature imports shared/, never another feature; a type may cross.
  ['extension/reports/create.ts', "import { BadUrlDiagnostics } from '../documentUrls/badUrlDiagnostics';", true],
  ['extension/workspaceUrls/workspaceUrlsView.ts', "import { SiteJobs } from '../siteScans/siteJobs';", true],
  ['extension/workspaceUrls/workspaceUrlsView.ts', "import type { SiteJobs } from '../siteScans/siteJobs';", false],
  ['extension/reports/create.ts', "import { confirmCreates } from '../shared/confirmCreates';", false],
  ['extension/shared/feedback.ts', "import { AccountPanel } from '../account/accountPanel';", true],
  ['extension/shared/context.ts', "import type { ReportsView } from '../reports/reportsView';", false],
];

describe('layering: core imports only core, only the extension imports vscode', function () {
  this.timeout(120_000);
  const eslint = new ESLint({ cwd: ROOT });
  for (const [file, line, refused] of CASES) {
    it(`${refused ? 'refuses' : 'allows'} in ${file}: ${line}`, async () => {
      const [result] = await eslint.lintText(`${line}\nexport {};\n`, { filePath: path.join(ROOT, file) });
      const layering = result.messages.filter((m) => /no-restricted-imports/.test(m.ruleId ?? ''));
      assert.equal(layering.length > 0, refused, JSON.stringify(result.messages.map((m) => m.message)));
    });
  }
  it('reads settings only in extension/shared/settings.ts', async () => {
    const line = "import * as vscode from 'vscode';\nexport const on = vscode.workspace.getConfiguration('webReports').get('statusBar');\n";
    const [elsewhere] = await eslint.lintText(line, { filePath: path.join(ROOT, 'extension/reports/statusBar.ts') });
    assert.ok(elsewhere.messages.some((m) => m.ruleId === 'no-restricted-syntax'));
    const [home] = await eslint.lintText(line, { filePath: path.join(ROOT, 'extension/shared/settings.ts') });
    assert.ok(!home.messages.some((m) => m.ruleId === 'no-restricted-syntax'));
  });
  it('limits every source file to 300 lines', async () => {
    const [result] = await eslint.lintText(`${'export const a = 1;\n'.repeat(301)}`, {
      filePath: path.join(ROOT, 'core/client/client.ts'),
    });
    assert.ok(result.messages.some((m) => m.ruleId === 'max-lines'));
  });
});
