import { AsyncLocalStorage } from 'node:async_hooks';
import { Batcher } from './batcher';

/** A batch function whose calls stay open until released, recording what each batch held. */
function gated() {
  const batches: string[][] = [];
  const open: (() => void)[] = [];
  const batch = async (items: string[]) => {
    batches.push([...items]);
    await new Promise<void>((resolve) => open.push(resolve));
    return items.map((i) => `batch:${i}`);
  };
  const release = async () => {
    const next = open.shift();
    next?.();
    // Let the answers and the next batch's start run.
    await new Promise((r) => setImmediate(r));
  };
  return { batches, batch, release, get open() {
    return open.length;
  } };
}

const single = (i: string) => Promise.resolve(`single:${i}`);

describe('Batcher', () => {
  it('sends a lone item at once, and groups what arrives while a batch runs, up to maxBatch', async () => {
    const g = gated();
    const q = new Batcher(g.batch, single, { maxBatch: 3, maxInFlight: 1, keyOf: (i) => i });
    const first = q.submit('a');
    // No waiting for company: the batch left with the one item.
    expect(g.batches).toEqual([['a']]);
    const rest = ['b', 'c', 'd', 'e', 'f'].map((i) => q.submit(i));
    expect(q.waiting).toBe(5);
    await g.release();
    expect(await first).toBe('batch:a');
    expect(g.batches).toEqual([['a'], ['b', 'c', 'd']]);
    await g.release();
    await g.release();
    expect(g.batches).toEqual([['a'], ['b', 'c', 'd'], ['e', 'f']]);
    expect(await Promise.all(rest)).toEqual(['batch:b', 'batch:c', 'batch:d', 'batch:e', 'batch:f']);
    expect(q.waiting).toBe(0);
  });

  it('runs up to maxInFlight batches at a time', async () => {
    const g = gated();
    const q = new Batcher(g.batch, single, { maxBatch: 10, maxInFlight: 2, keyOf: (i) => i });
    const all = ['a', 'b', 'c', 'd'].map((i) => q.submit(i));
    expect(g.batches).toEqual([['a'], ['b']]);
    expect(g.open).toBe(2);
    await g.release();
    expect(g.batches).toEqual([['a'], ['b'], ['c', 'd']]);
    await g.release();
    await g.release();
    expect(await Promise.all(all)).toEqual(['batch:a', 'batch:b', 'batch:c', 'batch:d']);
  });

  it('next-tick: what arrives in one turn leaves together at its end, in batches of maxBatch, without waiting for running batches', async () => {
    const g = gated();
    const q = new Batcher(g.batch, single, { maxBatch: 2, maxInFlight: 1, flush: 'next-tick' });
    const first = ['a', 'b', 'c'].map((i) => q.submit(i));
    // Nothing leaves within the turn.
    expect(g.batches).toEqual([]);
    await new Promise((r) => setImmediate(r));
    expect(g.batches).toEqual([['a', 'b'], ['c']]);
    // Both batches still run; the next turn's items do not wait for them.
    const later = q.submit('d');
    await new Promise((r) => setImmediate(r));
    expect(g.batches).toEqual([['a', 'b'], ['c'], ['d']]);
    expect(g.open).toBe(3);
    await g.release();
    await g.release();
    await g.release();
    expect(await Promise.all([...first, later])).toEqual(['batch:a', 'batch:b', 'batch:c', 'batch:d']);
  });

  it('next-tick: a lone item runs in the context of the call that submitted it', async () => {
    const als = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    const q = new Batcher(
      async (items: string[]) => {
        seen.push(als.getStore());
        return items;
      },
      single,
      { maxBatch: 10, maxInFlight: 1, flush: 'next-tick' },
    );
    expect(await als.run('request-1', () => q.submit('a'))).toBe('a');
    expect(seen).toEqual(['request-1']);
  });

  it('never puts two items of one key in a batch: the later one waits for the next, in order', async () => {
    const g = gated();
    const q = new Batcher(g.batch, single, { maxBatch: 10, maxInFlight: 1, keyOf: (i) => i.split('#')[0]! });
    const all = ['x#1', 'x#2', 'y#1', 'x#3', 'z#1'].map((i) => q.submit(i));
    await g.release();
    expect(g.batches).toEqual([['x#1'], ['x#2', 'y#1', 'z#1']]);
    await g.release();
    expect(g.batches.at(-1)).toEqual(['x#3']);
    await g.release();
    expect(await Promise.all(all)).toEqual(['batch:x#1', 'batch:x#2', 'batch:y#1', 'batch:x#3', 'batch:z#1']);
  });

  it('retries each item of a failed batch alone, so each caller gets its own answer or error', async () => {
    const failures: number[] = [];
    let calls = 0;
    const q = new Batcher(
      (items: string[]) => {
        calls += 1;
        // The first batch (the lone 'a') passes; the grouped one fails as a whole.
        return calls === 1 ? Promise.resolve(items.map((i) => `batch:${i}`)) : Promise.reject(new Error('deadlock'));
      },
      (i: string) => (i === 'bad' ? Promise.reject(new Error(`refused ${i}`)) : Promise.resolve(`single:${i}`)),
      { maxBatch: 10, maxInFlight: 1, keyOf: (i) => i, onBatchError: (_err, size) => failures.push(size) },
    );
    const answers = ['a', 'b', 'bad', 'c'].map((i) =>
      q.submit(i).then(
        (r) => r,
        (e: Error) => `error:${e.message}`,
      ),
    );
    expect(await Promise.all(answers)).toEqual(['batch:a', 'single:b', 'error:refused bad', 'single:c']);
    expect(failures).toEqual([3]);
  });

  it('treats a batch answering the wrong number of results as failed', async () => {
    const q = new Batcher(() => Promise.resolve(['only one']), single, { maxBatch: 10, maxInFlight: 1, keyOf: (i: string) => i });
    // 'a' leaves alone and gets its one result; 'b' and 'c' wait for it and share the next batch,
    // which answers one result for two items: both are retried alone.
    const all = ['a', 'b', 'c'].map((i) => q.submit(i));
    expect(await Promise.all(all)).toEqual(['only one', 'single:b', 'single:c']);
  });

  it('runs a batch of one and each retry in the context of the call that submitted it', async () => {
    const store = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    const g = gated();
    const q = new Batcher(
      async (items: string[]) => {
        if (items.length === 1) seen.push(`batch ${items[0]} in ${store.getStore()}`);
        return g.batch(items);
      },
      (i: string) => {
        seen.push(`single ${i} in ${store.getStore()}`);
        return Promise.resolve(i);
      },
      { maxBatch: 10, maxInFlight: 1 },
    );
    const a = store.run('request a', () => q.submit('a'));
    // b waits for a's batch and then leaves alone, from a's batch ending: still in b's context.
    const b = store.run('request b', () => q.submit('b'));
    await g.release();
    await g.release();
    await Promise.all([a, b]);
    expect(seen).toEqual(['batch a in request a', 'batch b in request b']);
  });
});
