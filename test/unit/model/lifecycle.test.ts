import { strict as assert } from 'node:assert';
import { Emitter } from '../../../core/lifecycle/emitter';
import { Disposable, IDisposable, toDisposable } from '../../../core/lifecycle/disposables';

class Owner extends Disposable {
  hold<T extends IDisposable>(value: T): T {
    return this.register(value);
  }
}

describe('model: disposables and events', () => {
  it('gives back what it registered, in reverse order, once, even when one throws', () => {
    const order: string[] = [];
    const owner = new Owner();
    owner.hold(toDisposable(() => order.push('first')));
    owner.hold({
      dispose: () => {
        order.push('broken');
        throw new Error('cannot let go');
      },
    });
    owner.hold(toDisposable(() => order.push('last')));
    owner.dispose();
    owner.dispose();
    assert.deepEqual(order, ['last', 'broken', 'first']);
  });

  it('disposes at once what is registered after it was disposed', () => {
    const owner = new Owner();
    owner.dispose();
    let disposed = false;
    owner.hold(toDisposable(() => (disposed = true)));
    assert.equal(disposed, true);
  });

  it('an event subscription is a disposable; a throwing listener is reported and skipped', () => {
    const errors: unknown[] = [];
    const emitter = new Emitter<[number]>((e) => errors.push(e));
    const seen: number[] = [];
    const kept = emitter.event((n) => seen.push(n));
    emitter.event(() => {
      throw new Error('broken listener');
    });
    const again = emitter.event((n) => seen.push(n * 10));
    emitter.fire(1);
    again.dispose();
    emitter.fire(2);
    kept.dispose();
    emitter.fire(3);
    assert.deepEqual(seen, [1, 10, 2]);
    assert.equal(errors.length, 3, 'the broken listener stays subscribed and fails each time');
    assert.equal(emitter.failures, 3);
  });

  it('the same function subscribed twice is called twice and unsubscribed one at a time', () => {
    const emitter = new Emitter();
    let calls = 0;
    const listener = () => calls++;
    const a = emitter.event(listener);
    emitter.event(listener);
    emitter.fire();
    a.dispose();
    emitter.fire();
    assert.equal(calls, 3);
  });
});
