import { type BeforeApplicationShutdown, Global, Inject, Injectable, Logger, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config';
import { bullPrefix, redisOptions } from '../../database/redis-options';
import { BullMqJobQueue } from './bullmq-job-queue';
import { InProcessJobQueue } from './in-process-job-queue';
import { JobQueue } from './job-queue';
import { Scheduler } from './scheduler';

/**
 * Closes the queue before any module's `onApplicationShutdown` (which closes the PostgreSQL pool and
 * Redis), so running jobs finish on live connections instead of failing on a closed pool.
 */
@Injectable()
export class JobQueueLifecycle implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Queue');

  constructor(@Inject(JobQueue) private readonly jobs: JobQueue) {}

  async beforeApplicationShutdown(): Promise<void> {
    await this.jobs.close();
    this.logger.log('Job queue closed');
  }
}

/**
 * Provides `JobQueue`: BullMQ when REDIS_URL is set, the in-process runner otherwise. An `api` process
 * (ROLE=api) adds jobs but runs none: its BullMQ queue has no worker.
 */
@Global()
@Module({
  providers: [
    {
      provide: JobQueue,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): JobQueue =>
        config.redisUrl
          ? new BullMqJobQueue(redisOptions(config), { prefix: bullPrefix(config.redisPrefix), consume: config.role.runsJobs })
          : new InProcessJobQueue(),
    },
    JobQueueLifecycle,
    Scheduler,
  ],
  exports: [JobQueue, Scheduler],
})
export class QueueModule {}
