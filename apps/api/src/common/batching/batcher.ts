import { AsyncResource } from 'node:async_hooks';

/**
 * Batches the calls that arrive together into one statement: reads as well as writes. For writes it
 * is a group commit (docs/performance/petitions.md, "Group commit of signatures"): one statement and
 * one commit for the signatures that came at once (`PetitionSignaturesService`); for reads, one
 * query for the lookups that came at once (the access gate's caller lookup, `Authenticator`, with
 * `flush: 'next-tick'`). `submit` answers each item's own result.
 *
 * - While fewer than `maxInFlight` batches run, a batch leaves at once: a lone request never waits
 *   for company. While they all run, new items queue; each batch that ends takes the next (at most
 *   `maxBatch` items), so the batch size follows the load without a timer.
 * - Items with the same `keyOf` never share a batch: the later one waits for the next, so the
 *   earlier one decides (a double click signs once and answers 409 to the second, as before).
 * - When a batch's statement fails, each of its items runs alone (`single`), so one bad item cannot
 *   fail the others, and each caller gets its own answer or its own error.
 * - Async context (AsyncLocalStorage: the request's read route, docs/operations.md "Scaling"): a
 *   batch of one item and every `single` run in the context of the call that submitted the item; a
 *   batch of several runs in no particular caller's context, so its statement must not depend on
 *   one (a write, or a read of the primary).
 */
export interface BatcherOptions<I> {
  maxBatch: number;
  /** Batches of `when-free` running at once; `next-tick` has no such limit. */
  maxInFlight: number;
  /**
   * When waiting items leave. `when-free` (the default): at once while fewer than `maxInFlight`
   * batches run, else when one ends (writes: a batch waits for at most one statement). `next-tick`:
   * what arrives within one turn of the event loop leaves together at the end of that turn
   * (`setImmediate`), however many batches run: reads that must never queue behind other batches
   * (the access gate: a batch waiting for a pool connection must not hold back the next ones).
   */
  flush?: 'when-free' | 'next-tick';
  /** Items of one key never share a batch (writes that must not meet in one statement); none: no rule. */
  keyOf?: (item: I) => string;
  /** Told about a batch that failed and was retried item by item (a log line). */
  onBatchError?: (err: unknown, size: number) => void;
}

interface Waiting<I, R> {
  item: I;
  /** The submitter's async context. */
  scope: AsyncResource;
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

/** The batching queue itself: `submit(item)` answers that item's result from a batch (or alone after a failed batch). */
export class Batcher<I, R> {
  private readonly queue: Waiting<I, R>[] = [];
  private inFlight = 0;
  private flushScheduled = false;

  constructor(
    /** The batch statement: one result per item, in the items' order. */
    private readonly batch: (items: I[]) => Promise<R[]>,
    /** One item alone: after a batch failed. */
    private readonly single: (item: I) => Promise<R>,
    private readonly options: BatcherOptions<I>,
  ) {
    if (options.maxBatch < 1 || options.maxInFlight < 1) throw new Error('Batcher: maxBatch and maxInFlight must be at least 1');
  }

  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, scope: new AsyncResource('Batcher'), resolve, reject });
      this.pump();
    });
  }

  /** Items waiting for a batch (not those in one). */
  get waiting(): number {
    return this.queue.length;
  }

  private pump(): void {
    if (this.options.flush === 'next-tick') {
      if (this.flushScheduled) return;
      this.flushScheduled = true;
      setImmediate(() => {
        this.flushScheduled = false;
        while (this.queue.length > 0) void this.run(this.take());
      });
      return;
    }
    while (this.inFlight < this.options.maxInFlight && this.queue.length > 0) {
      const taken = this.take();
      this.inFlight += 1;
      void this.run(taken).finally(() => {
        this.inFlight -= 1;
        this.pump();
      });
    }
  }

  /** The oldest waiting items, at most maxBatch, one per key; the rest keep their places. */
  private take(): Waiting<I, R>[] {
    const keyOf = this.options.keyOf;
    if (!keyOf) return this.queue.splice(0, this.options.maxBatch);
    const keys = new Set<string>();
    const taken: Waiting<I, R>[] = [];
    for (let i = 0; i < this.queue.length && taken.length < this.options.maxBatch; ) {
      const key = keyOf(this.queue[i]!.item);
      if (keys.has(key)) {
        i += 1;
        continue;
      }
      keys.add(key);
      taken.push(this.queue.splice(i, 1)[0]!);
    }
    return taken;
  }

  private async run(taken: Waiting<I, R>[]): Promise<void> {
    let results: R[];
    try {
      results = await (taken.length === 1 ? taken[0]!.scope.runInAsyncScope(() => this.batch([taken[0]!.item])) : this.batch(taken.map((w) => w.item)));
      if (results.length !== taken.length) throw new Error(`Batcher: ${results.length} results for ${taken.length} items`);
    } catch (err) {
      this.options.onBatchError?.(err, taken.length);
      await Promise.all(
        taken.map((w) =>
          w.scope.runInAsyncScope(() => this.single(w.item)).then(
            (r) => w.resolve(r),
            (e: unknown) => w.reject(e),
          ),
        ),
      );
      return;
    }
    taken.forEach((w, i) => w.resolve(results[i]!));
  }
}
