import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account-data';
import { SessionsRepository } from './sessions.repository';
import { UsersRepository } from './users.repository';

/** The users row (the tombstone), its roles and its sessions: erasure rules and export source. */
@Injectable()
export class UsersAccountData implements OnModuleInit {
  constructor(
    private readonly registry: AccountDataRegistry,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
  ) {}

  onModuleInit(): void {
    this.registry.registerEraser({
      name: 'users (row lock)',
      stage: 'first',
      rules: [],
      // The lock first, as every change of the row does, so a concurrent picture upload or a second deletion waits.
      erase: (tx, userId) => this.users.lockForErasure(tx, userId),
    });
    this.registry.registerEraser({
      name: 'users',
      stage: 'last',
      rules: [
        {
          column: 'users.id',
          does: 'keep',
          why: 'the row stays as an anonymous tombstone (name "Slettet bruker", no e-mail, password, phone, birth date, national-id hash, two-step secret, pictures or consents) so content others took part in keeps a valid author',
          exportedAs: null,
        },
        { column: 'user_roles.user_id', does: 'delete', why: 'personal', exportedAs: 'user_roles' },
        {
          column: 'refresh_token_families.user_id',
          does: 'keep',
          why: 'sessions end: revoked (`account_deleted`), their tokens deleted, user agent and IP erased; the rows keep the audit of when',
          exportedAs: 'sessions',
        },
      ],
      erase: async (tx, userId, ctx) => {
        await this.sessions.eraseAccount(tx, userId, ctx.now);
        await this.users.eraseRoles(tx, userId);
        await this.users.scrubToTombstone(tx, userId, ctx.reason, ctx.now);
      },
    });
    this.registry.registerExporter({
      name: 'users',
      export: async (userId) => ({
        ...(await this.users.exportAccount(userId)),
        ...(await this.sessions.exportAccount(userId)),
      }),
    });
  }
}
