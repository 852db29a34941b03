import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../account-data';
import { StoredFilesRepository } from './stored-files.repository';

/** Uploaded files the person owns: erasure rule and export source. */
@Injectable()
export class StoredFilesAccountData implements OnModuleInit {
  constructor(
    private readonly registry: AccountDataRegistry,
    private readonly files: StoredFilesRepository,
  ) {}

  onModuleInit(): void {
    this.registry.registerEraser({
      name: 'stored files',
      rules: [
        {
          column: 'stored_files.owner_user_id',
          does: 'delete',
          why: 'personal uploads; the files are removed after the commit',
          exportedAs: 'uploaded_files',
        },
      ],
      erase: (tx, userId, ctx) => this.files.eraseAccount(tx, userId, ctx),
    });
    this.registry.registerExporter({
      name: 'stored files',
      export: (userId) => this.files.exportAccount(userId),
    });
  }
}
