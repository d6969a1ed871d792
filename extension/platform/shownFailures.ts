// What this window's failure notifications said, newest last (the last 20). The output channel
// keeps the whole story; this keeps the exact words the user was shown — for a support question
// ("what did it say?") and for the in-editor tests, which cannot read a notification's text.
const KEEP = 20;

export class ShownFailures {
  private readonly items: string[] = [];

  record(text: string): void {
    this.items.push(text);
    if (this.items.length > KEEP) this.items.splice(0, this.items.length - KEEP);
  }

  recent(): readonly string[] {
    return [...this.items];
  }
}
