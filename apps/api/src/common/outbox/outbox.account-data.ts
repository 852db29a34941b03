import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../account-data';
import { JobOutbox } from './job-outbox';

/** Jobs whose payloads name the person: erased with the account (docs/how-to/erase-and-export-user-data.md). */
@Injectable()
export class OutboxAccountData implements OnModuleInit {
  constructor(
    private readonly registry: AccountDataRegistry,
    private readonly outbox: JobOutbox,
  ) {}

  onModuleInit(): void {
    this.registry.registerEraser({
      name: 'job-outbox',
      rules: [
        {
          column: 'job_outbox.user_ids',
          does: 'delete',
          why: 'job payloads name the person (notifications to or about them); pending ones must not run after erasure (a job for many accounts, payload.user_ids, loses this one and stays for the others)',
          exportedAs: null,
        },
      ],
      erase: async (tx, userId) => {
        await this.outbox.eraseUser(userId, tx);
      },
    });
  }
}
