// Work per key runs once its calls pause; another key does not restart it; dispose cancels all.
import * as assert from 'node:assert/strict';
import { KeyedDebounce } from '../../../core/lifecycle/keyedDebounce';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('lifecycle: keyed debounce', () => {
  it('runs the last work of a key once, each key on its own, and nothing after dispose', async () => {
    const ran: string[] = [];
    const debounce = new KeyedDebounce(30);
    debounce.schedule('a', () => ran.push('a1'));
    debounce.schedule('b', () => ran.push('b1'));
    debounce.schedule('a', () => ran.push('a2'));
    await sleep(80);
    assert.deepEqual(ran.sort(), ['a2', 'b1']);
    debounce.schedule('a', () => ran.push('a3'));
    debounce.dispose();
    await sleep(80);
    assert.deepEqual(ran.sort(), ['a2', 'b1']);
  });
});
