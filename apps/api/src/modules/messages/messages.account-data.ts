import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account-data';
import { MessagesAccountRepository } from './messages-account.repository';

/** Messages: erasure rules and export source (docs/how-to/erase-and-export-user-data.md). */
@Injectable()
export class MessagesAccountData implements OnModuleInit {
  constructor(
    private readonly registry: AccountDataRegistry,
    private readonly messages: MessagesAccountRepository,
  ) {}

  onModuleInit(): void {
    this.registry.registerEraser({
      name: 'messages',
      rules: [
        {
          column: 'messages.sender_user_id',
          does: 'set null',
          why: "the person's messages lose their text and files; the empty rows keep the others' history in order and show \"deleted user\"",
          exportedAs: 'messages',
        },
        {
          column: 'conversation_participants.user_id',
          does: 'delete',
          why: 'the person is no longer in any conversation',
          exportedAs: 'conversation_participants',
        },
        {
          column: 'conversations.created_by_user_id',
          does: 'set null',
          why: "a group belongs to all its members; only who started it is forgotten",
          exportedAs: null,
        },
        { column: 'messaging_settings.user_id', does: 'delete', why: 'personal settings', exportedAs: 'messaging_settings' },
        { column: 'user_blocks.blocker_user_id', does: 'delete', why: "the person's own blocks", exportedAs: 'user_blocks' },
        {
          column: 'user_blocks.blocked_user_id',
          does: 'delete',
          why: 'blocks of an account that no longer exists protect nobody',
          exportedAs: null,
        },
        { column: 'user_company_blocks.blocker_user_id', does: 'delete', why: "the person's own blocks of companies", exportedAs: 'user_company_blocks' },
        {
          column: 'message_reports.reporter_user_id',
          does: 'set null',
          why: 'the moderation record stays, without who reported',
          exportedAs: 'message_reports',
        },
        {
          column: 'message_reports.reported_user_id',
          does: 'set null',
          why: 'the moderation record stays, without whom it was about',
          exportedAs: null,
        },
        {
          column: 'message_reports.decided_by_user_id',
          does: 'set null',
          why: 'the decision stays, without which administrator made it',
          exportedAs: null,
        },
      ],
      erase: (tx, userId) => this.messages.eraseAccount(tx, userId),
    });
    this.registry.registerExporter({ name: 'messages', export: (userId) => this.messages.exportAccount(userId) });
  }
}
