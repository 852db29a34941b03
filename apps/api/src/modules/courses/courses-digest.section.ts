import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type AppConfig, InjectConfig } from '../../config';
import { contentsByReader, digestDate, DigestSections, digestText } from '../notifications';
import { CoursesRepository } from './courses.repository';

/**
 * The digest's new courses (docs/notifications.md, "Digest"): courses approved since the reader's
 * last digest in their specialties, not started yet, with the start date.
 */
@Injectable()
export class CoursesDigestSection implements OnModuleInit {
  constructor(
    private readonly sections: DigestSections,
    private readonly repository: CoursesRepository,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const site = this.config.publicUrl;
    this.sections.register({
      key: 'courses',
      order: 30,
      collectMany: async (readers) =>
        contentsByReader(readers, await this.repository.digestMany(readers), (r) => digestText(r, 'courses'), (r, c) => ({
          text: c.title,
          url: `${site}/course/webinares/${c.id}/${c.type}`,
          meta: digestText(r, 'starts', { date: digestDate(r.locale, c.start_at) }),
        })),
    });
  }
}
