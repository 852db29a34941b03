import { Global, Module } from '@nestjs/common';
import { JobOutbox } from './job-outbox';
import { OutboxAccountData } from './outbox.account-data';
import { OutboxRelay } from './outbox-relay';
import { OutboxRepository } from './outbox.repository';

/** `JobOutbox` for every module, and the relay that feeds the JobQueue from it (docs/how-to/notify.md). */
@Global()
@Module({
  providers: [OutboxRepository, OutboxRelay, JobOutbox, OutboxAccountData],
  exports: [JobOutbox, OutboxRelay],
})
export class OutboxModule {}
