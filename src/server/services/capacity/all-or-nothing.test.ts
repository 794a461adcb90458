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
});
