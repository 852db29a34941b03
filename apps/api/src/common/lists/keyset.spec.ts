import { readKeyset } from './keyset';

describe('readKeyset', () => {
  const rows = Array.from({ length: 7 }, (_, i) => ({ id: 10 - i }));
  const read = (from: number) => (take: number) => Promise.resolve(rows.filter((r) => r.id < from).slice(0, take));

  it('reads one row more than the page, and makes the cursor from the last row of the page', async () => {
    const asked: number[] = [];
    const page = await readKeyset(3, (take) => (asked.push(take), read(100)(take)), (r) => `c${r.id}`);
    expect(asked).toEqual([4]);
    expect(page).toEqual({ rows: [{ id: 10 }, { id: 9 }, { id: 8 }], next_cursor: 'c8' });
  });

  it('gives no cursor on the last page, full or not', async () => {
    expect(await readKeyset(3, read(7), (r) => `c${r.id}`)).toEqual({ rows: [{ id: 6 }, { id: 5 }, { id: 4 }], next_cursor: null });
    expect(await readKeyset(3, read(6), (r) => `c${r.id}`)).toEqual({ rows: [{ id: 5 }, { id: 4 }], next_cursor: null });
    expect(await readKeyset(3, read(4), (r) => `c${r.id}`)).toEqual({ rows: [], next_cursor: null });
  });
});
