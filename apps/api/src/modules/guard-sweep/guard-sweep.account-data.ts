import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account-data';
import { GuardSweepRepository } from './guard-sweep.repository';

/** The sweep's findings and runs: erasure rules (docs/how-to/erase-and-export-user-data.md). */
@Injectable()
export class GuardSweepAccountData implements OnModuleInit {
  constructor(
    private readonly registry: AccountDataRegistry,
    private readonly repository: GuardSweepRepository,
  ) {}

  onModuleInit(): void {
    this.registry.registerEraser({
      name: 'guard-sweep',
      rules: [
        {
          column: 'guard_findings.author_user_id',
          does: 'delete',
          why: "the person's content goes with the account, and with it what the sweep found in it; a finding is the administrators' masked note about that content (the export holds the content itself), so it is not exported",
          exportedAs: null,
        },
        {
          column: 'guard_findings.handled_by_user_id',
          does: 'set null',
          why: 'findings the person settled as an administrator stay settled; who settled them goes',
          exportedAs: null,
        },
        {
          column: 'guard_sweeps.requested_by_user_id',
          does: 'set null',
          why: 'a sweep the person asked for as an administrator stays in the record of sweeps; who asked goes',
          exportedAs: null,
        },
      ],
      erase: (tx, userId) => this.repository.eraseAccount(tx, userId),
    });
  }
}
