import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type AppConfig, InjectConfig } from '../../config';
import { contentsByReader, DigestSections, digestText } from '../notifications';
import { PetitionsRepository } from './petitions.repository';

/**
 * The digest's new petitions (docs/notifications.md, "Digest"): active petitions published since the
 * reader's last digest in their specialties.
 */
@Injectable()
export class PetitionsDigestSection implements OnModuleInit {
  constructor(
    private readonly sections: DigestSections,
    private readonly repository: PetitionsRepository,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const site = this.config.publicUrl;
    this.sections.register({
      key: 'petitions',
      order: 40,
      collectMany: async (readers) =>
        contentsByReader(readers, await this.repository.digestMany(readers), (r) => digestText(r, 'petitions'), (_r, p) => ({
          text: p.title,
          url: `${site}/petitions/details/${p.id}`,
        })),
    });
  }
}
