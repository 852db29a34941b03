import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account-data';
import { ProfessionalRepository } from './professional.repository';

/** Work experience and education: erasure rules and export source (docs/how-to/erase-and-export-user-data.md). */
@Injectable()
export class ProfessionalAccountData implements OnModuleInit {
  constructor(
    private readonly registry: AccountDataRegistry,
    private readonly professional: ProfessionalRepository,
  ) {}

  onModuleInit(): void {
    this.registry.registerEraser({
      name: 'professional',
      rules: [
        {
          column: 'professional_experiences.user_id',
          does: 'delete',
          why: 'personal',
          exportedAs: 'professional_experiences',
        },
        { column: 'educations.user_id', does: 'delete', why: 'personal', exportedAs: 'educations' },
      ],
      erase: (tx, userId) => this.professional.eraseAccount(tx, userId),
    });
    this.registry.registerExporter({
      name: 'professional',
      export: (userId) => this.professional.exportAccount(userId),
    });
  }
}
