import { ListCounts } from './list-counts';
import { type ListedTable, type ListVersionsRepository } from './list-versions.repository';
import { type Slice } from './page';

function lists() {
  const versions = { versions: (tables: readonly ListedTable[]) => Promise.resolve(tables.map(() => 1)) };
  return new ListCounts(versions as unknown as ListVersionsRepository);
}

/** A board over two arrays: `current` 0..n-1 and `archived` 100..100+m-1, each read in its own order. */
function board(current: number, archived: number) {
  const rows = { current: [...Array(current).keys()], archived: [...Array(archived).keys()].map((i) => 100 + i) };
  const read = jest.fn((part: 'current' | 'archived', slice: Slice) => {
    const all = slice.fromEnd ? [...rows[part]].reverse() : rows[part];
    return Promise.resolve(all.slice(slice.offset, slice.offset + slice.limit));
  });
  const counts = lists();
  const b = counts.board({ name: 'things', tables: ['jobs'], filter: { county: 3 }, read, keyAt: () => Promise.resolve(null) });
  return { b, read, counts };
}

describe('Board', () => {
  it('reads current first and archived appended, the total rounded up to ten', async () => {
    const { b } = board(12, 5);
    const count = { list: 'things.board', compute: () => Promise.resolve({ current: 12, archived: 5 }) };
    const first = await b.currentThenArchived({ page: 1, per_page: 10 }, { current: 'current', archived: 'archived' }, count);
    expect(first.rows).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(first.meta).toMatchObject({ total: 20, current_page: 1, last_page: 2 });
    const second = await b.currentThenArchived({ page: 2, per_page: 10 }, { current: 'current', archived: 'archived' }, count);
    expect(second.rows).toEqual([10, 11, 100, 101, 102, 103, 104]);
    // show_old answers the last page.
    const old = await b.currentThenArchived({ page: 1, per_page: 10, show_old: true }, { current: 'current', archived: 'archived' }, count);
    expect(old.rows).toEqual(second.rows);
  });

  it('has no archived part when the tab is all archive', async () => {
    const { b, read } = board(3, 5);
    const page = await b.currentThenArchived({ page: 1, per_page: 10 }, { current: 'current', archived: null }, { list: 'things.tab', compute: () => Promise.resolve({ current: 3, archived: 0 }) });
    expect(page.rows).toEqual([0, 1, 2]);
    expect(read.mock.calls.every(([part]) => part === 'current')).toBe(true);
  });

  it('reads one part alone from its nearer end, and caches its count under the board filter', async () => {
    const { b } = board(0, 25);
    const compute = jest.fn(() => Promise.resolve(25));
    const last = await b.onePart({ page: 3, per_page: 10 }, 'archived', { list: 'things.archived', compute });
    expect(last.rows).toEqual([120, 121, 122, 123, 124]);
    expect(last.meta).toMatchObject({ total: 25, last_page: 3 });
    await b.onePart({ page: 1, per_page: 10 }, 'archived', { list: 'things.archived', compute });
    expect(compute).toHaveBeenCalledTimes(1);
  });
});
