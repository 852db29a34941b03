import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../account-data';
import { FilesRepository } from './files.repository';

/**
 * The person's stored files: erasure rule and export source. The step runs in the `sweep` stage,
 * after every other step (the tombstone included) has dropped the rows that pointed at the files,
 * so "nothing uses it any more" is read from the erasure transaction itself.
 */
@Injectable()
export class FilesAccountData implements OnModuleInit {
  constructor(
    private readonly registry: AccountDataRegistry,
    private readonly files: FilesRepository,
  ) {}

  onModuleInit(): void {
    this.registry.registerEraser({
      name: 'files',
      stage: 'sweep',
      rules: [
        {
          column: 'stored_files.owner_user_id',
          does: 'delete',
          why: "personal uploads (pictures, post and product images, documents, videos) are deleted and their objects removed once nothing uses them; a file still used by what outlives the account (a company's logo, a published petition's PDF, an approved course's video) stays without an owner",
          exportedAs: 'uploaded_files',
        },
      ],
      erase: async (tx, userId, ctx) => ctx.removeAfterCommit(...(await this.files.eraseAccount(tx, userId))),
    });
    this.registry.registerExporter({ name: 'files', export: (userId) => this.files.exportAccount(userId) });
  }
}
