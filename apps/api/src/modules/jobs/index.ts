// What other modules may use of jobs (eslint: a module imports another only through its index.ts).
export { JobsModule } from './jobs.module';
export { JobsService } from './jobs.service';
