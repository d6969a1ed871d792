// The walkthrough as a person sees it: opened with workbench.action.openWalkthrough and our id
// (bound to a key in the test user's keybindings.json by fixtures.ts, since the Command Palette
// cannot pass arguments), with its four steps; the ones this session did (sign in, create a report,
// open the account) are ticked. The base URL step is not: the setting was written before start,
// and only a change completes it.
import { poll, type Ui } from './harness';
import { WALKTHROUGH_KEY } from '../fixtures';

const STEPS: [id: string, title: string, done: boolean][] = [
  ['setBaseUrl', 'Set the service address', false],
  ['setApiKey', 'Sign in with your API key', true],
  ['createReport', 'Rate your first page', true],
  ['showAccount', 'Open your account', true],
];

export async function walkthroughCheck(ui: Ui, signedIn: boolean, created: boolean, account: boolean): Promise<void> {
  const { page } = ui;
  await ui.check('the walkthrough opens by its id with its four steps, the ones done so far ticked', async () => {
    ui.needs('signing in, creating and the account panel', signedIn && created && account);
    await page.keyboard.press('Escape');
    await page.keyboard.press(WALKTHROUGH_KEY.playwright);
    const steps = page.locator('button.getting-started-step[data-step-id]');
    const seen = await poll(
      async () => {
        const all = await steps.evaluateAll((els) =>
          els.map((e) => ({
            id: e.getAttribute('data-step-id') ?? '',
            title: (e.querySelector('.step-title')?.textContent ?? '').trim(),
            done: e.getAttribute('aria-checked') === 'true',
          })),
        );
        return all.length >= STEPS.length ? all : undefined;
      },
      15_000,
      () => 'no walkthrough steps on screen after the key bound to workbench.action.openWalkthrough',
    );
    const mine = STEPS.map(([id]) => seen.find((s) => s.id.endsWith(`#${id}`) || s.id === id));
    const problems = STEPS.flatMap(([id, title, done], i) => {
      const s = mine[i];
      if (!s) return [`step ${id} missing`];
      if (s.title !== title) return [`step ${id} titled "${s.title}"`];
      if (s.done !== done) return [`step ${id} ${s.done ? 'ticked' : 'not ticked'}`];
      return [];
    });
    if (problems.length)
      throw new Error(`${problems.join('; ')} (steps seen: ${seen.map((s) => `${s.id}${s.done ? ' ✓' : ''}`).join(', ')})`);
    await ui.shot('walkthrough');
    await ui.readmeShot('walkthrough');
    await page.keyboard.press('Escape');
  });
}
