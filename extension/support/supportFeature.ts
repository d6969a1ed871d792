// Help with the extension itself: the log of what it did (requests, lookups, failures — the key
// never in it), for a person tracking down a problem or attaching it to a bug report.
import { COMMAND } from '../ids';
import type { CommandTable, Feature } from '../shared/register';
import { CommandContext } from '../shared/context';
import { walkthroughTicks } from './walkthroughTicks';

/** Shows the Website Reports log in the Output panel; true when shown. */
export function showLog(ctx: CommandContext): boolean {
  ctx.log.show(true);
  return true;
}

export function supportFeature(ctx: CommandContext) {
  const commands = {
    [COMMAND.showLog]: () => showLog(ctx),
  } satisfies CommandTable;
  return { commands, disposables: [walkthroughTicks()] } satisfies Feature;
}
