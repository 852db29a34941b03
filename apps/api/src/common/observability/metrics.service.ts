import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Prometheus metrics of this process: Node defaults, HTTP request durations, scheduled jobs, read replicas. */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Runs of scheduled jobs in this process (common/queue/scheduler.ts). */
  readonly scheduledRuns: Counter<'job' | 'outcome'>;
  /** Read statements by where they went: `replica`, or `primary` and why. */
  readonly reads: Counter<'target' | 'reason'>;
  /** A replica left out of the reads: `lag` (behind more than REPLICA_MAX_LAG_MS) or `down`. */
  readonly replicaSkipped: Counter<'replica' | 'reason'>;
  /** Each replica's last measured lag behind the primary (seconds); -1 while it does not answer. */
  readonly replicaLag: Gauge<'replica'>;

  constructor() {
    // One registry per app instance, so tests can build several apps in one process.
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Duration of HTTP requests by method, route pattern and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.scheduledRuns = new Counter({
      name: 'legenett_scheduled_job_runs_total',
      help: 'Runs of scheduled jobs in this process, by job and outcome (ok, failed)',
      labelNames: ['job', 'outcome'],
      registers: [this.registry],
    });
    this.reads = new Counter({
      name: 'legenett_db_reads_total',
      help: 'Read statements by target (replica, primary) and the reason a read went to the primary',
      labelNames: ['target', 'reason'],
      registers: [this.registry],
    });
    this.replicaSkipped = new Counter({
      name: 'legenett_db_replica_skipped_total',
      help: 'Times a read replica was left out: lag (behind more than REPLICA_MAX_LAG_MS) or down',
      labelNames: ['replica', 'reason'],
      registers: [this.registry],
    });
    this.replicaLag = new Gauge({
      name: 'legenett_db_replica_lag_seconds',
      help: "Each read replica's last measured lag behind the primary; -1 while it does not answer",
      labelNames: ['replica'],
      registers: [this.registry],
    });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }
}
