import { type AppConfig } from '../../config';
import { MetricsService } from '../observability/metrics.service';
import { type JobQueue } from './job-queue';
import { type LoopRound, Scheduler } from './scheduler';

/** The scheduler's loops (the petition log's sequencer and counter run on them): no timer in a module. */

const queue = { register: jest.fn(), repeat: jest.fn(() => Promise.resolve()), stopRepeat: jest.fn(() => Promise.resolve()) } as unknown as JobQueue;
const config = (runsJobs: boolean) => ({ role: { runsJobs } }) as unknown as AppConfig;

describe('Scheduler.loop', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function make(runsJobs = true) {
    const metrics = new MetricsService();
    return { scheduler: new Scheduler(queue, metrics, config(runsJobs)), metrics };
  }

  it('runs every interval, at once again while a round answers "more", and never two rounds at a time', async () => {
    const { scheduler } = make();
    const answers: LoopRound[] = ['more', 'more', 'idle', 'idle'];
    let rounds = 0;
    let inFlight = 0;
    let overlapped = false;
    let release: (() => void) | null = null;
    scheduler.loop('test.loop', 100, async () => {
      inFlight += 1;
      if (inFlight > 1) overlapped = true;
      rounds += 1;
      if (rounds === 4) await new Promise<void>((ok) => (release = ok));
      inFlight -= 1;
      return answers[rounds - 1] ?? 'idle';
    });
    scheduler.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(99);
    expect(rounds).toBe(0);
    // The first round after the interval; its "more" and the next one's run the following rounds at once.
    await jest.advanceTimersByTimeAsync(10);
    expect(rounds).toBe(3);
    // "idle": the next round waits the interval, and a slow round holds the one after it.
    await jest.advanceTimersByTimeAsync(80);
    expect(rounds).toBe(3);
    await jest.advanceTimersByTimeAsync(15);
    expect(rounds).toBe(4);
    await jest.advanceTimersByTimeAsync(1000);
    expect(rounds).toBe(4);
    release!();
    await jest.advanceTimersByTimeAsync(110);
    expect(rounds).toBe(5);
    expect(overlapped).toBe(false);
    await scheduler.onModuleDestroy();
  });

  it('goes on after a failed round, counting it', async () => {
    const { scheduler, metrics } = make();
    let rounds = 0;
    scheduler.loop('test.failing', 50, () => {
      rounds += 1;
      return rounds === 1 ? Promise.reject(new Error('database away')) : Promise.resolve('idle');
    });
    // The failure is logged by Nest's logger; keep the test output clean.
    const error = jest.spyOn((scheduler as unknown as { logger: { error: () => void } }).logger, 'error').mockImplementation(() => undefined);
    scheduler.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(100);
    expect(rounds).toBe(2);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('test.failing failed: database away'));
    const counted = await metrics.scheduledRuns.get();
    const of = (outcome: string) => counted.values.find((v) => v.labels.job === 'test.failing' && v.labels.outcome === outcome)?.value;
    expect(of('failed')).toBe(1);
    expect(of('ok')).toBe(1);
    await scheduler.onModuleDestroy();
  });

  it('does not run in a process that runs no jobs (ROLE=api), nor with an interval of 0', async () => {
    const api = make(false).scheduler;
    const off = make().scheduler;
    const run = jest.fn(() => Promise.resolve<LoopRound>('idle'));
    api.loop('test.api', 10, run);
    off.loop('test.off', 0, run);
    api.onApplicationBootstrap();
    off.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(1000);
    expect(run).not.toHaveBeenCalled();
  });

  it('stops at shutdown after the round under way, and runs none after it', async () => {
    const { scheduler } = make();
    let finished = false;
    let rounds = 0;
    let release: (() => void) | null = null;
    scheduler.loop('test.stop', 10, async () => {
      rounds += 1;
      await new Promise<void>((ok) => (release = ok));
      finished = true;
      return 'more';
    });
    scheduler.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(10);
    expect(rounds).toBe(1);
    const stopping = scheduler.onModuleDestroy();
    let stopped = false;
    void stopping.then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release!();
    await stopping;
    expect(finished).toBe(true);
    await jest.advanceTimersByTimeAsync(1000);
    expect(rounds).toBe(1);
  });

  it('refuses a name declared twice, as a loop or a scheduled job', () => {
    const { scheduler } = make();
    scheduler.loop('test.twice', 10, () => Promise.resolve('idle'));
    expect(() => scheduler.loop('test.twice', 10, () => Promise.resolve('idle'))).toThrow(/declared twice/);
    expect(() => scheduler.every('test.twice', 10, () => Promise.resolve())).toThrow(/declared twice/);
    expect(() => scheduler.loop('test.bad', -1, () => Promise.resolve('idle'))).toThrow(/bad interval/);
  });
});
