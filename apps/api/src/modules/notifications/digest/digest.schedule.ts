import { JobQueue } from '../../../common/queue';

/**
 * The one place the digest sweep is scheduled. Today: `JobQueue.repeat`, which BullMQ keeps in Redis
 * for every replica (the sweep runs once per interval in all; without Redis the in-process runner
 * runs it in each process, and the period claims keep that to one digest per user and period).
 * When the shared scheduling helper for sweeps (worker role) lands, only this function changes.
 */
export async function scheduleDigestSweep(jobs: JobQueue, name: string, everyMs: number): Promise<void> {
  await (everyMs === 0 ? jobs.stopRepeat(name) : jobs.repeat(name, {}, { everyMs }));
}
