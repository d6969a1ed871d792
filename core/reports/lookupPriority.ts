// Who waits for a lookup decides its priority, here and nowhere else: what the user is looking at
// (a command they ran, the hover under the pointer, the editor in front, a visible view) goes
// before hidden work (a view that is not shown, editors behind the front one, a refresh nobody
// watches). The priority travels as the client's call option to its one pacer.
import type { CallOptions } from '../client/client';

export type LookupPriority = NonNullable<CallOptions['priority']>;

/** Who asked. A priority's own name names it directly (callers that already know it). */
export type LookupAudience = 'command' | 'pointer' | 'front' | 'visible' | 'hidden' | LookupPriority;

export function lookupPriority(audience: LookupAudience): LookupPriority {
  switch (audience) {
    case 'command':
    case 'pointer':
    case 'front':
    case 'interactive':
      return 'interactive';
    case 'visible':
      return 'visible';
    default:
      return 'background';
  }
}
