import { randomUUID } from 'node:crypto';
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
  });
}

contract('InProcessJobQueue', () => new InProcessJobQueue());

contract('BullMqJobQueue (Redis)', () => new BullMqJobQueue(REDIS_URL, { prefix: `test-${randomUUID()}`, concurrency: 2 }));

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
});
