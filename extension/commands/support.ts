// Help with the extension itself: the log of what it did (requests, lookups, failures — the key
// never in it), for a person tracking down a problem or attaching it to a bug report.
import { COMMAND } from '../ids';
import type { CommandTable } from '../adapters/register';
import { CommandContext } from '../adapters/context';

/** Shows the Website Reports log in the Output panel; true when shown. */
export function showLog(ctx: CommandContext): boolean {
  ctx.log.show(true);
  return true;
}

/** This family's commands, for the composition root's table. */
export const supportCommands = (ctx: CommandContext) =>
  ({
    [COMMAND.showLog]: () => showLog(ctx),
  }) satisfies CommandTable;
