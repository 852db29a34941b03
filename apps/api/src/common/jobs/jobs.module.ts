import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config';
import { BullMqJobQueue } from './bullmq-job-queue';
import { InProcessJobQueue } from './in-process-job-queue';
import { JobQueue } from './job-queue';

@Injectable()
export class JobQueueLifecycle implements OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');

  constructor(@Inject(JobQueue) private readonly jobs: JobQueue) {}

  async onApplicationShutdown(): Promise<void> {
    await this.jobs.close();
    this.logger.log('Job queue closed');
  }
}

/** Provides `JobQueue`: BullMQ when REDIS_URL is set, the in-process runner otherwise. */
@Global()
@Module({
  providers: [
    {
      provide: JobQueue,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): JobQueue =>
        config.redisUrl ? new BullMqJobQueue(config.redisUrl, { prefix: `${config.redisPrefix}-bull` }) : new InProcessJobQueue(),
    },
    JobQueueLifecycle,
  ],
  exports: [JobQueue],
})
export class JobsModule {}
