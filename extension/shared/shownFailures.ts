// What this window's failure notifications said, newest last (the last 20). The output channel
// keeps the whole story; this keeps the exact words the user was shown — for a support question
// ("what did it say?") and for the in-editor tests, which cannot read a notification's text.
const KEEP = 20;

export class ShownFailures {
  private readonly items: string[] = [];
  private buttons: readonly string[] = [];

  record(text: string, buttons: readonly string[] = []): void {
    this.items.push(text);
    this.buttons = buttons;
    if (this.items.length > KEEP) this.items.splice(0, this.items.length - KEEP);
  }

  /** The buttons the last notification offered. */
  lastButtons(): readonly string[] {
    return this.buttons;
  }

  recent(): readonly string[] {
    return [...this.items];
  }
}
