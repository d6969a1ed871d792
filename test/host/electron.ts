// The same in-host suites under a downloaded desktop VS Code, through @vscode/test-electron:
//
//   npm run test:electron
//
// NOTE: this cannot run on the project's own machines: they reach only the npm registry and Debian,
// and @vscode/test-electron downloads VS Code from update.code.visualstudio.com. There, use
// `node out/test/host/run.js` (code-server + Chromium, see /work/shared/vscode-host.md). On a
// machine with internet access (and a display, or xvfb-run on Linux) this runs the suites the
// same way: service started in-process, the key passed as WEBREPORTS_TEST_API_KEY, the extension
// signed out. Env: WEBREPORTS_VSCODE_VERSION (default 'stable'; use e.g. '1.90.0' for the oldest
// supported engine). The UI checks of run.ts are Playwright-only and do not run here.
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';
import {
  checkBuild,
  createFixture,
  ENV_API_KEY,
  ENV_CONTROL_TOKEN,
  ENV_SEED,
  ENV_SERVICE_URL,
  hostEnv,
  ROOT,
  SUITE_INDEX,
} from './fixtures';

async function main(): Promise<number> {
  checkBuild();
  const fixture = await createFixture();
  try {
    const env = hostEnv(fixture.service);
    const code = await runTests({
      version: process.env.WEBREPORTS_VSCODE_VERSION || 'stable',
      extensionDevelopmentPath: ROOT,
      extensionTestsPath: SUITE_INDEX,
      extensionTestsEnv: {
        [ENV_SERVICE_URL]: env[ENV_SERVICE_URL],
        [ENV_API_KEY]: env[ENV_API_KEY],
        [ENV_SEED]: env[ENV_SEED],
        [ENV_CONTROL_TOKEN]: env[ENV_CONTROL_TOKEN],
        WEBREPORTS_API_KEY: undefined,
      },
      launchArgs: [
        fixture.workspace,
        '--user-data-dir',
        fixture.userDataDir,
        '--extensions-dir',
        fixture.extensionsDir,
        '--disable-workspace-trust',
        '--skip-welcome',
        '--skip-release-notes',
      ],
      cachePath: path.join(ROOT, '.vscode-test'),
    });
    return code;
  } finally {
    await fixture.dispose();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`test:electron failed: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  },
);
