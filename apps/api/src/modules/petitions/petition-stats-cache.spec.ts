import { PetitionStatsCache } from './petition-stats-cache';

describe('PetitionStatsCache', () => {
  it('answers from the cache while the chain length and locale are the same, recomputes otherwise', async () => {
    const cache = new PetitionStatsCache<number>(2);
    let computed = 0;
    const compute = () => Promise.resolve(++computed);
    expect(await cache.get(1, 5, 'no', compute)).toBe(1);
    expect(await cache.get(1, 5, 'no', compute)).toBe(1);
    expect(await cache.get(1, 6, 'no', compute)).toBe(2);
    expect(await cache.get(1, 6, 'en', compute)).toBe(3);
    expect(await cache.get(2, 1, 'no', compute)).toBe(4);
    expect(await cache.get(3, 1, 'no', compute)).toBe(5);
    // Capacity 2: petition 1 was the least recently used and is gone.
    expect(await cache.get(1, 6, 'en', compute)).toBe(6);
    expect(await cache.get(3, 1, 'no', compute)).toBe(5);
  });
});
