// VS Code's walkthrough ticks a step when the step's context *changes* while the walkthrough
// service is up. That service starts when a walkthrough (or the Welcome page) is first shown, and
// a context already true then is taken as seen and never ticks: signed in from the environment in
// a fresh browser profile, the steps stayed open although done. So each step also completes on
// its state together with `webReports.walkthroughShown`, a key that is false while a walkthrough
// starts and turns true a moment after an editor of a kind the API cannot name (a walkthrough is
// one) has opened — a change the service, up by then, sees.
import * as vscode from 'vscode';

export const WALKTHROUGH_SHOWN = 'webReports.walkthroughShown';
/** After the editor opened: the walkthrough has registered its steps by then. */
const SETTLE_MS = 500;
/** How long the key stays true (so that a walkthrough that starts later finds it false again). */
const PULSE_MS = 1_500;

export function walkthroughTicks(): vscode.Disposable {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const set = (value: boolean) => void vscode.commands.executeCommand('setContext', WALKTHROUGH_SHOWN, value);
  const pulse = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      set(true);
      timer = setTimeout(() => set(false), PULSE_MS);
    }, SETTLE_MS);
  };
  const listener = vscode.window.tabGroups.onDidChangeTabs((e) => {
    if (e.opened.some((tab) => tab.input === undefined)) pulse();
  });
  return { dispose: () => (listener.dispose(), timer && clearTimeout(timer)) };
}
