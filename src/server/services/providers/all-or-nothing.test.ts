import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { allOrNothing } from './all-or-nothing.js';

describe('allOrNothing', () => {
  it('answers every result in order when all succeed', async () => {
    const [a, b] = await allOrNothing(() => [Promise.resolve(1), Promise.resolve('two')] as const);
    expect([a, b]).toEqual([1, 'two']);
  });

  it('rejects with the first failure and aborts the shared signal for the others', async () => {
    const failure = new Error('forbidden');
    let seen: AbortSignal | undefined;
    const slow = (signal: AbortSignal) =>
      new Promise<number>((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(new Error('cancelled')));
      });
    const result = allOrNothing((signal) => {
      seen = signal;
      return [slow(signal), Promise.reject(failure)] as const;
    });
    await expect(result).rejects.toBe(failure);
    expect(seen?.aborted).toBe(true);
    expect(seen?.reason).toBe(failure);
  });

  it('leaves no listener on the parent signal once the reads have settled', async () => {
    const parent = new AbortController();
    for (let i = 0; i < 20; i++) {
      await allOrNothing(() => [Promise.resolve(i)] as const, parent.signal);
      await allOrNothing(() => [Promise.reject(new Error('no'))] as const, parent.signal).catch(
        () => undefined,
      );
    }
    expect(getEventListeners(parent.signal, 'abort')).toHaveLength(0);
  });
});
