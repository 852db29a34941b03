import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account-data';
import { JobsRepository } from './jobs.repository';

/** Job listings and job views: erasure rules and export source (docs/how-to/erase-and-export-user-data.md). */
@Injectable()
export class JobsAccountData implements OnModuleInit {
  constructor(
    private readonly registry: AccountDataRegistry,
    private readonly jobs: JobsRepository,
  ) {}

  onModuleInit(): void {
    this.registry.registerEraser({
      name: 'jobs',
      rules: [
        {
          column: 'jobs.user_id',
          does: 'delete',
          why: 'a job without its contact is useless; its views go with it',
          exportedAs: 'jobs',
        },
        { column: 'job_views.user_id', does: 'delete', why: 'personal tracking', exportedAs: 'job_views' },
      ],
      erase: (tx, userId) => this.jobs.eraseAccount(tx, userId),
    });
    this.registry.registerExporter({ name: 'jobs', export: (userId) => this.jobs.exportAccount(userId) });
  }
}
