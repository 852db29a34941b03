import { UnreadWatchers } from './unread-watchers';

/** The streams' shared unread count (issue 40): one read per change and process, however many tabs. */

function setup() {
  const counts = new Map<number, number>();
  const changed = new Map<number, () => void>();
  const reads: number[] = [];
  const gates: (() => void)[] = [];
  let hold = false;
  const unsubscribed: number[] = [];
  const watchers = new UnreadWatchers(
    async (userId) => {
      reads.push(userId);
      if (hold) await new Promise<void>((ok) => gates.push(ok));
      return counts.get(userId) ?? 0;
    },
    (userId, listener) => {
      changed.set(userId, listener);
      return Promise.resolve(() => {
        unsubscribed.push(userId);
        changed.delete(userId);
      });
    },
  );
  const flush = () => new Promise((ok) => setImmediate(ok));
  return {
    watchers,
    counts,
    reads,
    unsubscribed,
    flush,
    change: (userId: number, count: number) => {
      counts.set(userId, count);
      changed.get(userId)?.();
    },
    holdReads: (on: boolean) => (hold = on),
    release: () => gates.splice(0).forEach((ok) => ok()),
  };
}

describe('UnreadWatchers', () => {
  it('reads a change once for all of a user\'s streams and gives each the count', async () => {
    const t = setup();
    const seen: number[][] = [[], [], []];
    const stops = await Promise.all(seen.map((list) => t.watchers.watch(7, (c) => list.push(c))));
    await t.flush();
    const readsAtOpen = t.reads.length;
    t.change(7, 3);
    await t.flush();
    expect(t.reads.length - readsAtOpen).toBe(1);
    for (const list of seen) expect(list[list.length - 1]).toBe(3);
    // Another user's change is not read for this one.
    await t.watchers.watch(8, () => undefined);
    await t.flush();
    const before = t.reads.filter((u) => u === 7).length;
    t.change(8, 1);
    await t.flush();
    expect(t.reads.filter((u) => u === 7).length).toBe(before);
    stops.forEach((stop) => stop());
  });

  it('a new stream gets the count now without an event to the user\'s other streams', async () => {
    const t = setup();
    const first: number[] = [];
    await t.watchers.watch(7, (c) => first.push(c));
    await t.flush();
    expect(first).toEqual([0]);
    t.counts.set(7, 2);
    const second: number[] = [];
    await t.watchers.watch(7, (c) => second.push(c));
    await t.flush();
    expect(second).toEqual([2]);
    expect(first).toEqual([0]);
    // A change that leaves the count as it was still reaches every stream (the open bell regroups).
    t.change(7, 2);
    await t.flush();
    expect([first, second]).toEqual([[0, 2], [2, 2]]);
  });

  it('folds changes during a read into one more read, whose count is the latest', async () => {
    const t = setup();
    const seen: number[] = [];
    await t.watchers.watch(7, (c) => seen.push(c));
    await t.flush();
    t.holdReads(true);
    t.change(7, 1);
    t.change(7, 2);
    t.change(7, 5);
    await t.flush();
    const reading = t.reads.length;
    t.holdReads(false);
    t.release();
    await t.flush();
    await t.flush();
    // One read held, then one more for the three changes during it; the last count is the latest.
    expect(t.reads.length).toBe(reading + 1);
    expect(seen[seen.length - 1]).toBe(5);
  });

  it('stops hearing a user when the last stream closes, and starts again for a new one', async () => {
    const t = setup();
    const a = await t.watchers.watch(7, () => undefined);
    const b = await t.watchers.watch(7, () => undefined);
    a();
    expect(t.unsubscribed).toEqual([]);
    b();
    await t.flush();
    expect(t.unsubscribed).toEqual([7]);
    expect(t.watchers.size).toBe(0);
    const seen: number[] = [];
    t.counts.set(7, 4);
    await t.watchers.watch(7, (c) => seen.push(c));
    await t.flush();
    expect(seen).toEqual([4]);
  });

  it('keeps the streams when a read fails, and reads again on the next change', async () => {
    let fail = true;
    const seen: number[] = [];
    let changed: () => void = () => undefined;
    const watchers = new UnreadWatchers(
      () => (fail ? Promise.reject(new Error('database away')) : Promise.resolve(2)),
      (_user, listener) => {
        changed = listener;
        return Promise.resolve(() => undefined);
      },
    );
    await watchers.watch(7, (c) => seen.push(c));
    await new Promise((ok) => setImmediate(ok));
    expect(seen).toEqual([]);
    fail = false;
    changed();
    await new Promise((ok) => setImmediate(ok));
    expect(seen).toEqual([2]);
  });
});
