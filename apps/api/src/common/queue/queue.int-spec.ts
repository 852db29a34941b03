import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { BullMqJobQueue } from './bullmq-job-queue';
import { InProcessJobQueue } from './in-process-job-queue';
import { type JobQueue } from './job-queue';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The same behaviour from both adapters of the port. */
function contract(name: string, make: () => JobQueue | Promise<JobQueue>) {
  describe(name, () => {
    let queue: JobQueue;
    beforeEach(async () => {
      queue = await make();
    });
    afterEach(async () => {
      await queue.close();
    });

    it('runs a job with its payload', async () => {
      const seen: unknown[] = [];
      queue.register<{ n: number }>('echo', async ({ payload }) => {
        seen.push(payload.n);
      });
      await queue.enqueue('echo', { n: 1 });
      await queue.enqueue('echo', { n: 2 });
      await queue.onIdle();
      expect(seen.sort()).toEqual([1, 2]);
    });

    it('retries with back-off until it succeeds, and gives up after the last attempt', async () => {
      const attempts: number[] = [];
      queue.register<{ failUntil: number }>('flaky', async ({ payload, attempt }) => {
        attempts.push(attempt);
        if (attempt < payload.failUntil) throw new Error(`attempt ${attempt} failed`);
      });
      await queue.enqueue('flaky', { failUntil: 3 }, { attempts: 5, backoffMs: 10 });
      await queue.onIdle();
      expect(attempts).toEqual([1, 2, 3]);

      attempts.length = 0;
      await queue.enqueue('flaky', { failUntil: 99 }, { attempts: 2, backoffMs: 10 });
      await queue.onIdle();
      expect(attempts).toEqual([1, 2]);
    });

    it('keeps one job per id and answers what became of it; one failed for good runs anew when asked again', async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const runs: number[] = [];
      queue.register<{ fail: boolean }>('once-per-id', async ({ payload, attempt, id }) => {
        expect(id).toBe('same-id');
        runs.push(attempt);
        await gate;
        if (payload.fail) throw new Error(`attempt ${attempt} failed`);
      });
      expect(await queue.enqueue('once-per-id', { fail: true }, { jobId: 'same-id', attempts: 2, backoffMs: 10 })).toBe('added');
      await until(() => runs.length === 1);
      // Running: nothing new.
      expect(await queue.enqueue('once-per-id', { fail: true }, { jobId: 'same-id', attempts: 2, backoffMs: 10 })).toBe('queued');
      release();
      await queue.onIdle();
      expect(runs).toEqual([1, 2]);
      // Failed for good and asked for again: a new run with fresh attempts (this time it succeeds).
      expect(await queue.enqueue('once-per-id', { fail: false }, { jobId: 'same-id', attempts: 2, backoffMs: 10 })).toBe('added');
      await queue.onIdle();
      expect(runs).toEqual([1, 2, 1]);
      // Ran: nothing new, and the queue says so.
      expect(await queue.enqueue('once-per-id', { fail: false }, { jobId: 'same-id' })).toBe('completed');
      await queue.onIdle();
      expect(runs).toEqual([1, 2, 1]);
    });

    it('keeps the attempts of a job whose runs fail while the database is away', async () => {
      const attempts: number[] = [];
      queue.register<{ awayFor: number }>('needs-db', async ({ payload, attempt }) => {
        attempts.push(attempt);
        if (attempts.length <= payload.awayFor) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      });
      // More failed runs than attempts: without the rule the job would fail for good after two.
      await queue.enqueue('needs-db', { awayFor: 4 }, { attempts: 2, backoffMs: 10 });
      await until(() => attempts.length === 5);
      await queue.onIdle();
      expect(attempts).toEqual([1, 1, 1, 1, 1]);
    });

    it('repeats a scheduled job at once and then every interval; scheduling again replaces it', async () => {
      const seen: string[] = [];
      queue.register<{ tag: string }>('tick', async ({ payload }) => {
        seen.push(payload.tag);
      });
      await expect(queue.repeat('tick', { tag: 'bad' }, { everyMs: 0 })).rejects.toThrow(RangeError);
      await queue.repeat('tick', { tag: 'a' }, { everyMs: 100 });
      await until(() => seen.length >= 3);
      expect(seen.slice(0, 3)).toEqual(['a', 'a', 'a']);

      await queue.repeat('tick', { tag: 'b' }, { everyMs: 100 });
      await until(() => seen.filter((tag) => tag === 'b').length >= 2);
      // Replaced, not added: after the first 'b' no 'a' runs any more.
      expect(seen.slice(seen.indexOf('b'))).not.toContain('a');
    });

    it('keeps repeating after a failed run', async () => {
      let runs = 0;
      queue.register('sometimes', async () => {
        runs += 1;
        if (runs === 1) throw new Error('first run fails');
      });
      await queue.repeat('sometimes', {}, { everyMs: 100 });
      await until(() => runs >= 3);
    });

    it('stops a schedule on request', async () => {
      let runs = 0;
      queue.register('tick', async () => {
        runs += 1;
      });
      await queue.stopRepeat('tick'); // nothing scheduled yet: no error
      await queue.repeat('tick', {}, { everyMs: 50 });
      await until(() => runs >= 2);
      await queue.stopRepeat('tick');
      await new Promise((r) => setTimeout(r, 150)); // a run already under way may still finish
      const after = runs;
      await new Promise((r) => setTimeout(r, 300));
      expect(runs).toBe(after);
    });
  });
}

/** Polls `done` until it holds (or the test times out). */
async function until(done: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

contract('InProcessJobQueue', () => new InProcessJobQueue({ dependencyRetryMs: 20 }));

contract('BullMqJobQueue (Redis)', () => new BullMqJobQueue(REDIS_URL, { prefix: `test-${randomUUID()}`, concurrency: 2, dependencyRetryMs: 20 }));

describe('BullMqJobQueue: the answer to an add read late', () => {
  // On a loaded machine the worker's connection can take, run and finish a job before this process
  // reads the add's answer on the queue's connection. Holding the answer back makes that order
  // certain: the job must still count as done, or onIdle waits forever (a CI run hung 60 s on it).
  const finished: string[] = [];
  let queue: BullMqJobQueue;
  let add: jest.SpyInstance;
  beforeEach(() => {
    const original = Queue.prototype.add;
    add = jest.spyOn(Queue.prototype, 'add').mockImplementation(async function (this: Queue, ...args: Parameters<Queue['add']>) {
      const job = await original.apply(this, args);
      await until(() => finished.includes(String(args[1] && (args[1] as { tag: string }).tag)));
      return job;
    });
    queue = new BullMqJobQueue(REDIS_URL, { prefix: `test-${randomUUID()}`, concurrency: 2, dependencyRetryMs: 20 });
  });
  afterEach(async () => {
    add.mockRestore();
    await queue.close();
  });
  it('settles a job that finished before its add answered, with and without an id', async () => {
    queue.register<{ tag: string; fail?: boolean }>('quick', async ({ payload }) => {
      finished.push(payload.tag);
      if (payload.fail) throw new Error('fails for good');
    });
    expect(await queue.enqueue('quick', { tag: 'no-id' })).toBe('added');
    expect(await queue.enqueue('quick', { tag: 'with-id' }, { jobId: 'early-1' })).toBe('added');
    expect(await queue.enqueue('quick', { tag: 'fails', fail: true }, { jobId: 'early-2', attempts: 1 })).toBe('added');
    await queue.onIdle();
    // Failed for good, asked again, and done before the add answers.
    expect(await queue.enqueue('quick', { tag: 'again' }, { jobId: 'early-2' })).toBe('added');
    await queue.onIdle();
    expect(finished).toEqual(['no-id', 'with-id', 'fails', 'again']);
  });
});

describe('InProcessJobQueue rules', () => {
  it('refuses unknown jobs and double registration; close drops waiting retries', async () => {
    const queue = new InProcessJobQueue();
    queue.register('a', async () => {
      throw new Error('always');
    });
    expect(() => queue.register('a', async () => undefined)).toThrow(/twice/);
    await expect(queue.enqueue('b', {})).rejects.toThrow(/No handler/);
    await queue.enqueue('a', {}, { attempts: 5, backoffMs: 60_000 });
    await new Promise((r) => setTimeout(r, 20));
    await queue.close();
    await expect(queue.onIdle()).resolves.toBeUndefined();
  });

  it('refuses to repeat unknown jobs; close stops a schedule', async () => {
    const queue = new InProcessJobQueue();
    await expect(queue.repeat('nobody', {}, { everyMs: 50 })).rejects.toThrow(/No handler/);
    let runs = 0;
    queue.register('tick', async () => {
      runs += 1;
    });
    await queue.repeat('tick', {}, { everyMs: 30 });
    await until(() => runs >= 2);
    await queue.close();
    const after = runs;
    await new Promise((r) => setTimeout(r, 120));
    expect(runs).toBe(after);
    await expect(queue.repeat('tick', {}, { everyMs: 30 })).rejects.toThrow(/closed/);
  });
});
