// The panel commands: open a report's panel, show the account. The panels themselves are made by
// the composition root; this family only names what each command opens.
import { COMMAND } from '../ids';
import type { CommandTable } from '../adapters/register';

export interface Panels {
  reports: { open(target?: unknown): Promise<unknown> };
  account: { show(): Promise<unknown> };
}

/** This family's commands, for the composition root's table. */
export const panelCommands = (panels: Panels) =>
  ({
    [COMMAND.openReport]: (target) => panels.reports.open(target),
    [COMMAND.showAccount]: () => panels.account.show(),
  }) satisfies CommandTable;
