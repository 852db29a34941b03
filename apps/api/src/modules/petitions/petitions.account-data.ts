import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account-data';
import { PetitionsRepository } from './petitions.repository';

/** Petitions, signatures and bookmarks: erasure rules and export source (docs/how-to/erase-and-export-user-data.md). */
@Injectable()
export class PetitionsAccountData implements OnModuleInit {
  constructor(
    private readonly registry: AccountDataRegistry,
    private readonly petitions: PetitionsRepository,
  ) {}

  onModuleInit(): void {
    this.registry.registerEraser({
      name: 'petitions',
      rules: [
        {
          column: 'petitions.user_id',
          does: 'delete or keep',
          why: "drafts are deleted with their attachments (files removed): nobody else saw them; active, finished and closed ones carry other people's signatures and stay with the tombstone as initiator",
          exportedAs: 'petitions',
        },
        {
          column: 'petition_signatures.user_id',
          does: 'delete',
          why: 'a signature reveals an opinion (special category data); the count drops accordingly',
          exportedAs: 'petition_signatures',
        },
        {
          column: 'petition_bookmarks.user_id',
          does: 'delete',
          why: 'personal',
          exportedAs: 'petition_bookmarks',
        },
        {
          column: 'petition_co_authors.user_id',
          does: 'set null',
          why: 'the co-author line stays so the petition stays coherent; no longer linked to the account',
          exportedAs: null,
        },
        {
          column: 'petition_attachments.uploaded_by_user_id',
          does: 'set null',
          why: 'the attachment belongs to the petition',
          exportedAs: null,
        },
        {
          column: 'petition_press_releases.sent_by_user_id',
          does: 'set null',
          why: 'the press release belongs to the petition',
          exportedAs: null,
        },
      ],
      erase: (tx, userId) => this.petitions.eraseAccount(tx, userId),
    });
    this.registry.registerExporter({
      name: 'petitions',
      export: (userId) => this.petitions.exportAccount(userId),
    });
  }
}
