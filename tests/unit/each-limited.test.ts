import { describe, expect, it } from 'vitest';
import { eachLimited } from '../../src/server/each-limited';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('eachLimited', () => {
  it('runs every item once, never more than the limit at a time, starting them in order', async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    await eachLimited([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      started.push(n);
      most = Math.max(most, ++running);
      await tick();
      running--;
    });
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('rejects with the first failure, and accepts an empty list', async () => {
    await expect(
      eachLimited(['a', 'b'], 2, async (x) => {
        if (x === 'b') throw new Error('b failed');
      }),
    ).rejects.toThrow('b failed');
    await expect(
      eachLimited([], 4, async () => {
        throw new Error('never');
      }),
    ).resolves.toBeUndefined();
    await expect(eachLimited([1], 0, async () => {})).rejects.toThrow(/at least 1/);
  });
});
