/**
 * One reader of a user's unread count per process, shared by all of that user's open streams
 * (issue 40): a change is read from the database once per process, not once per open tab, and a read
 * asked for while one runs is folded into one more read after it (so the last answer is never older
 * than the last change). Every listener gets every count read after a change, also one equal to the
 * last (the open bell regroups on it); a new listener gets the count now, read for it alone.
 */
export class UnreadWatchers {
  private readonly users = new Map<number, Watch>();

  constructor(
    /** Reads the count (the database). */
    private readonly read: (userId: number) => Promise<number>,
    /** Hears that the count may have changed (all replicas); answers the unsubscribe function. */
    private readonly hear: (userId: number, changed: () => void) => Promise<() => void>,
  ) {}

  /** Users watched in this process (tests, metrics). */
  get size(): number {
    return this.users.size;
  }

  /** Calls `listener` with the count now and after every change; the answer stops it. */
  async watch(userId: number, listener: (count: number) => void): Promise<() => void> {
    let w = this.users.get(userId);
    if (!w) {
      const created: Watch = { listeners: new Set(), reading: null, again: false, off: Promise.resolve(() => undefined) };
      created.off = this.hear(userId, () => this.refresh(userId, created));
      this.users.set(userId, created);
      w = created;
      try {
        await created.off;
      } catch (err) {
        this.users.delete(userId);
        throw err;
      }
    }
    const watch = w;
    watch.listeners.add(listener);
    // The count now, for this stream alone (the others have theirs: an event to them would make an
    // open bell read its list again for nothing).
    this.read(userId).then(
      (count) => {
        if (watch.listeners.has(listener)) listener(count);
      },
      () => undefined,
    );
    return () => {
      watch.listeners.delete(listener);
      if (watch.listeners.size > 0 || this.users.get(userId) !== watch) return;
      this.users.delete(userId);
      void watch.off.then((off) => off()).catch(() => undefined);
    };
  }

  private refresh(userId: number, w: Watch): void {
    if (w.reading) {
      w.again = true;
      return;
    }
    w.reading = (async () => {
      do {
        w.again = false;
        try {
          const count = await this.read(userId);
          for (const listener of [...w.listeners]) listener(count);
        } catch {
          // The database away: the streams keep the count they have; the next change reads again.
        }
      } while (w.again && w.listeners.size > 0);
      w.reading = null;
    })();
  }
}

interface Watch {
  listeners: Set<(count: number) => void>;
  reading: Promise<void> | null;
  again: boolean;
  off: Promise<() => void>;
}
