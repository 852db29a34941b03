import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config';
import { MetricsService } from '../observability/metrics.service';
import { JobQueue } from './job-queue';

interface Schedule {
  name: string;
  everyMs: number;
}

/** What a loop's round says: `more` runs the next round at once (a backlog), `idle` waits the interval. */
export type LoopRound = 'more' | 'idle';

interface Loop extends Schedule {
  run: () => Promise<LoopRound>;
  timer: NodeJS.Timeout | null;
  /** The round under way (shutdown waits for it). */
  current: Promise<unknown>;
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * The one way to run something on a schedule (docs/how-to/scheduled-jobs.md). A service declares its
 * job in `onModuleInit`:
 *
 *   this.scheduler.every(HOUSEKEEPING_PURGE_JOB, this.config.housekeeping.intervalMs, () => this.purge());
 *
 * Once every module has declared its jobs (`onApplicationBootstrap`), a process that runs jobs
 * (ROLE=worker or all) makes each schedule in the queue: with Redis a BullMQ job scheduler named
 * after the job, which Redis holds once for every process, so each tick is one job that one worker
 * takes, however many workers there are and however often they restart (upserting replaces, never
 * adds). An interval of 0 removes the schedule. An `api` process declares the handlers too (they are
 * harmless there: it consumes nothing) but never touches the schedules. Without Redis the in-process
 * runner ticks in this process alone, which is why ROLE=api/worker requires Redis.
 *
 * A tick is at least once: a worker killed mid-run leaves its job to BullMQ's stalled-job check,
 * which runs it again. Handlers are therefore idempotent (the sweeps claim rows before they act).
 * Each run is logged with its job id and counted in `legenett_scheduled_job_runs_total`.
 */
@Injectable()
export class Scheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Scheduler');
  private readonly schedules = new Map<string, Schedule>();
  private readonly loops = new Map<string, Loop>();
  private stopped = false;

  constructor(
    private readonly jobs: JobQueue,
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Runs `run` every `everyMs` (0: never, and an existing schedule is removed). Call in `onModuleInit`.
   * `tick.id` is the queue's id of this run (BullMQ: one per tick, `repeat:<name>:<time>`).
   */
  every(name: string, everyMs: number, run: (tick: { id?: string }) => Promise<unknown>): void {
    if (this.schedules.has(name) || this.loops.has(name)) throw new Error(`Scheduled job "${name}" is declared twice`);
    if (!Number.isInteger(everyMs) || everyMs < 0) throw new Error(`Scheduled job "${name}": bad interval ${everyMs}`);
    this.schedules.set(name, { name, everyMs });
    this.jobs.register(name, async (job) => {
      const started = performance.now();
      try {
        await run({ id: job.id });
        this.metrics.scheduledRuns.inc({ job: name, outcome: 'ok' });
        this.logger.log(`Scheduled job ${name} ran in ${Math.round(performance.now() - started)} ms (run ${job.id ?? 'in process'})`);
      } catch (err) {
        this.metrics.scheduledRuns.inc({ job: name, outcome: 'failed' });
        throw err;
      }
    });
  }

  /**
   * A loop in this process for work that runs more often than a queue job is worth (the petition
   * log's sequencer every 250 ms, its counter every second): `run` every `everyMs` (0: never) on each
   * process that runs jobs, the next round at once while it answers `more`. The rounds of one loop
   * never overlap; across processes the work itself must be single-flight (the petition loops take an
   * advisory lock, so a second worker's round finds nothing to do). A failed round is logged and
   * counted, and the loop goes on after the interval. Rounds are not logged one by one (4 a second).
   * Stopped before any module closes its pools (`onModuleDestroy`), after the round under way ends.
   */
  loop(name: string, everyMs: number, run: () => Promise<LoopRound>): void {
    if (this.schedules.has(name) || this.loops.has(name)) throw new Error(`Scheduled job "${name}" is declared twice`);
    if (!Number.isInteger(everyMs) || everyMs < 0) throw new Error(`Scheduled job "${name}": bad interval ${everyMs}`);
    this.loops.set(name, { name, everyMs, run, timer: null, current: Promise.resolve() });
  }

  private next(loop: Loop, delayMs: number): void {
    if (this.stopped) return;
    loop.timer = setTimeout(() => {
      loop.timer = null;
      loop.current = loop.run().then(
        (round) => {
          this.metrics.scheduledRuns.inc({ job: loop.name, outcome: 'ok' });
          this.next(loop, round === 'more' ? 0 : loop.everyMs);
        },
        (err: unknown) => {
          this.metrics.scheduledRuns.inc({ job: loop.name, outcome: 'failed' });
          this.logger.error(`Scheduled loop ${loop.name} failed: ${messageOf(err)}`);
          this.next(loop, loop.everyMs);
        },
      );
    }, delayMs);
    loop.timer.unref();
  }

  /** The declared schedules and loops (tests, docs). */
  declared(): Schedule[] {
    return [...this.schedules.values(), ...[...this.loops.values()].map(({ name, everyMs }) => ({ name, everyMs }))];
  }

  /** Loops stop before the queue and the pools close; a round under way finishes first. */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    for (const loop of this.loops.values()) if (loop.timer) clearTimeout(loop.timer);
    await Promise.all([...this.loops.values()].map((loop) => loop.current.catch(() => undefined)));
  }

  /**
   * Not awaited: a Redis that is away must not hold up start-up (the health check reports it); the
   * queue makes the schedule once it is back.
   */
  onApplicationBootstrap(): void {
    if (!this.config.role.runsJobs) return;
    for (const loop of this.loops.values()) if (loop.everyMs > 0) this.next(loop, loop.everyMs);
    for (const { name, everyMs } of this.schedules.values()) {
      const made = everyMs === 0 ? this.jobs.stopRepeat(name) : this.jobs.repeat(name, {}, { everyMs });
      made.catch((err: unknown) => this.logger.warn(`Could not schedule ${name}: ${messageOf(err)}`));
    }
  }
}
