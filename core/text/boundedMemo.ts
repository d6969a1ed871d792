// Values made once per key where the keys come from outside (a service's check names, a site's
// pages) and most repeat: at most `max` kept; past them the memo starts again, so no input can
// grow it. The failing checks' words, the rules' messages and the pages' states are kept here.

export class BoundedMemo<V> {
  private readonly values = new Map<string, V>();

  constructor(private readonly max: number) {}

  /** The value of `key`, made by `make` the first time (and again after the memo starts over). */
  get(key: string, make: () => V): V {
    let value = this.values.get(key);
    if (value === undefined) {
      if (this.values.size >= this.max) this.values.clear();
      value = make();
      this.values.set(key, value);
    }
    return value;
  }

  /** Entries kept now (at most `max`). */
  get size(): number {
    return this.values.size;
  }
}
