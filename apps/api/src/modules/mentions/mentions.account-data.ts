import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account-data';
import { MentionsRepository } from './mentions.repository';

/** Mentions of a person: erasure rules and export source (docs/how-to/erase-and-export-user-data.md). */
@Injectable()
export class MentionsAccountData implements OnModuleInit {
  constructor(
    private readonly registry: AccountDataRegistry,
    private readonly mentions: MentionsRepository,
  ) {}

  onModuleInit(): void {
    this.registry.registerEraser({
      name: 'mentions',
      rules: [{ column: 'post_mentions.user_id', does: 'delete', why: 'being mentioned is about the person; the text keeps only an id', exportedAs: 'mentions' }],
      erase: (tx, userId) => this.mentions.eraseAccount(tx, userId),
    });
    this.registry.registerExporter({ name: 'mentions', export: (userId) => this.mentions.exportAccount(userId) });
  }
}
