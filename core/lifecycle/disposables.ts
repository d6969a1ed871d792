// What every long-lived object of the extension does with what it holds: registers it once and
// gives it all back on dispose, in reverse order, each isolated (one that throws does not keep
// the others alive). Pure: a VS Code `Disposable` fits the interface as it is.

export interface IDisposable {
  dispose(): void;
}

/** A disposable that runs `fn` once. */
export function toDisposable(fn: () => void): IDisposable {
  let done = false;
  return {
    dispose: () => {
      if (done) return;
      done = true;
      fn();
    },
  };
}

/** A base for classes that own disposables: `this.register(x)` instead of a hand-kept array. */
export abstract class Disposable implements IDisposable {
  private readonly owned: IDisposable[] = [];
  private disposed = false;

  /** Keeps `value` until this object is disposed (at once, if it already is). */
  protected register<T extends IDisposable>(value: T): T {
    if (this.disposed) value.dispose();
    else this.owned.push(value);
    return value;
  }

  /** Keeps every one of `values` until this object is disposed. */
  protected registerAll(...values: IDisposable[]): void {
    for (const value of values) this.register(value);
  }

  protected get isDisposed(): boolean {
    return this.disposed;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const value of this.owned.splice(0).reverse()) {
      try {
        value.dispose();
      } catch {
        // One that fails to let go must not keep the others alive.
      }
    }
  }
}
