import { filterKey, ListCounts } from './list-counts';
import { type ListedTable, type ListVersionsRepository } from './list-versions.repository';

function counts(version: { n: number }) {
  const versions = {
    versions: (tables: readonly ListedTable[]) => Promise.resolve(tables.map(() => version.n)),
  };
  return new ListCounts(versions as unknown as ListVersionsRepository);
}

describe('filterKey', () => {
  it('ignores key order and fields not given', () => {
    expect(filterKey({ a: 1, b: undefined, c: 'x', d: null, e: '' })).toBe(filterKey({ c: 'x', a: 1 }));
    expect(filterKey({ a: 1 })).not.toBe(filterKey({ a: 2 }));
  });
});

describe('ListCounts', () => {
  it('computes a count once per version and filter', async () => {
    const version = { n: 1 };
    const lists = counts(version);
    const compute = jest.fn(() => Promise.resolve(42));
    expect(await lists.cached('jobs.board', ['jobs'], { county: 3 }, compute)).toBe(42);
    expect(await lists.cached('jobs.board', ['jobs'], { county: 3 }, compute)).toBe(42);
    expect(compute).toHaveBeenCalledTimes(1);
    await lists.cached('jobs.board', ['jobs'], { county: 4 }, compute);
    await lists.cached('jobs.archived', ['jobs'], { county: 3 }, compute);
    expect(compute).toHaveBeenCalledTimes(3);
    version.n = 2; // a write raised the version
    await lists.cached('jobs.board', ['jobs'], { county: 3 }, compute);
    expect(compute).toHaveBeenCalledTimes(4);
  });

  it('lets concurrent requests for a missing count share one computation', async () => {
    const lists = counts({ n: 1 });
    let release: (n: number) => void = () => undefined;
    const compute = jest.fn(() => new Promise<number>((resolve) => (release = resolve)));
    const all = Promise.all([1, 2, 3].map(() => lists.cached('products', ['products'], {}, compute)));
    await new Promise((r) => setImmediate(r));
    release(7);
    expect(await all).toEqual([7, 7, 7]);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed count', async () => {
    const lists = counts({ n: 1 });
    const failing = jest.fn(() => Promise.reject(new Error('down')));
    await expect(lists.cached('products', ['products'], {}, failing)).rejects.toThrow('down');
    expect(await lists.cached('products', ['products'], {}, () => Promise.resolve(3))).toBe(3);
  });

  it('reads deep slices after a cached bookmark', async () => {
    const lists = counts({ n: 1 });
    const keyAt = jest.fn((position: number) => Promise.resolve([`key${position}`]));
    const read = jest.fn(() => Promise.resolve([]));
    const reader = lists.keyset('products', ['products'], {}, { read, keyAt });
    await reader({ offset: 20, limit: 10, fromEnd: false });
    expect(read).toHaveBeenLastCalledWith({ offset: 20, limit: 10, fromEnd: false });
    await reader({ offset: 2_510, limit: 10, fromEnd: true });
    expect(keyAt).toHaveBeenLastCalledWith(1_999, true);
    expect(read).toHaveBeenLastCalledWith({ offset: 510, limit: 10, fromEnd: true, after: ['key1999'] });
    await reader({ offset: 2_990, limit: 10, fromEnd: true });
    expect(keyAt).toHaveBeenCalledTimes(1);
    expect(read).toHaveBeenLastCalledWith({ offset: 990, limit: 10, fromEnd: true, after: ['key1999'] });
  });
});
