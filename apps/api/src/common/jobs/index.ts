export { type EnqueueOptions, type JobContext, type JobHandler, JobQueue } from './job-queue';
export { JobsModule } from './jobs.module';
