// The account name last read from the service (by the key check or the account panel), kept in
// memory for the status bar's tooltip so that showing it never costs a request. Bound to the
// origin it was read from: after a switch of service it is not shown.
import type { Account } from '../../core/client/types';
import { Emitter } from '../../core/lifecycle/emitter';

export class KnownAccount {
  private known?: { origin: string; name: string };
  private readonly changed = new Emitter();
  readonly onDidChange = this.changed.event;

  /** Notes the account read from `origin`: its `name`, else its `email`, if it is a string. */
  note(origin: string, account: Account): void {
    const value = [account.name, account.email].find((v): v is string => typeof v === 'string' && v.trim() !== '');
    this.known = value === undefined ? undefined : { origin, name: value };
    this.changed.fire();
  }

  nameFor(origin: string | undefined): string | undefined {
    return this.known && this.known.origin === origin ? this.known.name : undefined;
  }
}
