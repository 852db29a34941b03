export { JobOutbox, type OutboxJobContext, type OutboxJobHandler } from './job-outbox';
export { OutboxModule } from './outbox.module';
export { OutboxRelay, outboxJobId } from './outbox-relay';
export { type OutboxJob } from './outbox.repository';
