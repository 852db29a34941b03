import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../account-data';
import { MailRepository } from './mail.repository';

/** Mail and SMS to the person: erasure rules and export source (docs/how-to/erase-and-export-user-data.md). */
@Injectable()
export class MailAccountData implements OnModuleInit {
  constructor(
    private readonly registry: AccountDataRegistry,
    private readonly mail: MailRepository,
  ) {}

  onModuleInit(): void {
    this.registry.registerEraser({
      name: 'mail outbox',
      rules: [
        {
          column: 'outbox_messages.user_id',
          does: 'delete',
          why: 'the messages contain the address and name',
          exportedAs: 'messages_sent_to_you',
        },
      ],
      erase: (tx, userId) => this.mail.eraseAccount(tx, userId),
    });
    this.registry.registerExporter({
      name: 'mail outbox',
      export: (userId) => this.mail.exportAccount(userId),
    });
  }
}
