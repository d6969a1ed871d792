// The layering rule as the linter applies it: every pure folder refuses `vscode`, the adapters may
// use it. Asks ESLint for the configuration it computes per file, so a folder left out of the rule
// (or a rule switched off) fails here, not in review.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { ESLint } from 'eslint';

const ROOT = path.join(__dirname, '..', '..', '..', '..');
const PURE = [
  'src/api/client.ts',
  'src/actions/reportActions.ts',
  'src/model/rating.ts',
  'src/sites/runScan.ts',
  'src/gate/rules.ts',
  'cli/check.ts',
  'src/sources/pageSources.ts',
  'src/webviews/render/reportView.ts',
  'service/server.ts',
];
const ADAPTERS = ['src/extension.ts', 'src/commands/create.ts', 'src/views/reportsView.ts', 'src/webviews/reportPanel.ts'];

async function restrictsVscode(file: string): Promise<boolean> {
  const eslint = new ESLint({ cwd: ROOT });
  const config = (await eslint.calculateConfigForFile(path.join(ROOT, file))) as { rules?: Record<string, unknown> };
  const rule = config.rules?.['no-restricted-imports'];
  if (!Array.isArray(rule) || rule[0] === 'off' || rule[0] === 0) return false;
  return JSON.stringify(rule.slice(1)).includes('"name":"vscode"');
}

describe('layering: pure code never imports vscode', function () {
  this.timeout(60_000);
  for (const file of PURE) {
    it(`the linter refuses vscode in ${path.dirname(file)}`, async () => {
      assert.equal(await restrictsVscode(file), true);
    });
  }
  for (const file of ADAPTERS) {
    it(`the adapters in ${path.dirname(file)} may use it`, async () => {
      assert.equal(await restrictsVscode(file), false);
    });
  }
});
