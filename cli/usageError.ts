// A run that cannot start or cannot finish: exit code 2, with a message that says which and what
// to do. Never holds the API key.
export type FailureKind = 'usage' | 'config' | 'key' | 'service' | 'site' | 'empty';

export class CliFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'CliFailure';
  }
}
