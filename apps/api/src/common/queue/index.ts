export { type EnqueueOptions, type EnqueueResult, type JobContext, type JobHandler, JobQueue, type RepeatOptions } from './job-queue';
export { QueueModule } from './queue.module';
export { type LoopRound, Scheduler } from './scheduler';
