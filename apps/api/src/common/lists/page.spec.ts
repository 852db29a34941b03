import { readCurrentThenArchived, readPage, type Slice, sliceOf } from './page';

const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

/** A reader over an in-memory list that honours `fromEnd`, recording the slices it was asked for. */
function reader(list: number[], asked: Slice[] = []) {
  return (slice: Slice) => {
    asked.push(slice);
    const ordered = slice.fromEnd ? [...list].reverse() : list;
    return Promise.resolve(ordered.slice(slice.offset, slice.offset + slice.limit));
  };
}

describe('sliceOf', () => {
  it('reads the front half from the start and the back half from the end', () => {
    expect(sliceOf(100, 0, 10)).toEqual({ offset: 0, limit: 10, fromEnd: false });
    expect(sliceOf(100, 40, 10)).toEqual({ offset: 40, limit: 10, fromEnd: false });
    expect(sliceOf(100, 60, 10)).toEqual({ offset: 30, limit: 10, fromEnd: true });
    expect(sliceOf(100, 90, 10)).toEqual({ offset: 0, limit: 10, fromEnd: true });
    expect(sliceOf(95, 90, 10)).toEqual({ offset: 0, limit: 5, fromEnd: true });
  });

  it('is empty past the end', () => {
    expect(sliceOf(5, 10, 10).limit).toBe(0);
    expect(sliceOf(0, 0, 10).limit).toBe(0);
  });
});

describe('readPage', () => {
  it.each([0, 1, 9, 10, 11, 64, 101])(
    'answers the same rows as a plain offset read (%i rows)',
    async (total) => {
      const list = range(1, total);
      for (const per_page of [1, 3, 10, 50]) {
        for (let page = 1; page <= Math.ceil(total / per_page) + 1; page++) {
          const got = await readPage(
            { page, per_page },
            { count: () => Promise.resolve(total), read: reader(list), fromEnd: true },
          );
          expect(got.rows).toEqual(list.slice((page - 1) * per_page, page * per_page));
          expect(got.meta).toEqual({
            current_page: page,
            last_page: Math.max(1, Math.ceil(total / per_page)),
            per_page,
            total,
          });
        }
      }
    },
  );

  it('without fromEnd always reads from the start', async () => {
    const asked: Slice[] = [];
    const got = await readPage(
      { page: 3, per_page: 10 },
      { count: () => Promise.resolve(25), read: reader(range(1, 25), asked) },
    );
    expect(got.rows).toEqual(range(21, 5));
    expect(asked).toEqual([{ offset: 20, limit: 10, fromEnd: false }]);
  });
});

describe('readCurrentThenArchived', () => {
  const current = range(1, 23);
  const archived = range(101, 14);
  const source = (asked: Slice[] = []) => ({
    counts: () => Promise.resolve({ current: current.length, archived: archived.length }),
    current: reader(current, asked),
    archived: reader(archived, asked),
    roundToTen: true,
  });
  const all = [...current, ...archived];

  it('appends the archived items after the current ones, across a page that holds both', async () => {
    for (let page = 1; page <= 5; page++) {
      const got = await readCurrentThenArchived({ page, per_page: 10 }, source());
      expect(got.rows).toEqual(all.slice((page - 1) * 10, page * 10));
      expect(got.meta).toEqual({ current_page: page, last_page: 4, per_page: 10, total: 40 });
    }
    expect((await readCurrentThenArchived({ page: 3, per_page: 10 }, source())).rows).toEqual([
      21,
      22,
      23,
      ...range(101, 7),
    ]);
  });

  it('show_old answers the last page, read from the end of the archive', async () => {
    const asked: Slice[] = [];
    const got = await readCurrentThenArchived({ page: 1, per_page: 10, show_old: true }, source(asked));
    expect(got.rows).toEqual(range(108, 7));
    expect(got.meta.current_page).toBe(4);
    expect(asked).toEqual([{ offset: 0, limit: 7, fromEnd: true }]);
  });

  it('keeps the exact total when not rounding', async () => {
    const got = await readCurrentThenArchived({ page: 1, per_page: 10 }, { ...source(), roundToTen: false });
    expect(got.meta.total).toBe(37);
  });

  it('show_old on an empty list is page 1', async () => {
    const got = await readCurrentThenArchived(
      { page: 1, per_page: 10, show_old: true },
      {
        counts: () => Promise.resolve({ current: 0, archived: 0 }),
        current: reader([]),
        archived: reader([]),
        roundToTen: true,
      },
    );
    expect(got).toEqual({ rows: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 } });
  });
});
