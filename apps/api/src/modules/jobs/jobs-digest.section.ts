import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type AppConfig, InjectConfig } from '../../config';
import { contentsByReader, digestDate, DigestSections, digestText } from '../notifications';
import { JobsRepository } from './jobs.repository';

/**
 * The digest's new jobs (docs/notifications.md, "Digest"): jobs published since the reader's last
 * digest that match their specialties and county, with the application deadline.
 */
@Injectable()
export class JobsDigestSection implements OnModuleInit {
  constructor(
    private readonly sections: DigestSections,
    private readonly repository: JobsRepository,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const site = this.config.publicUrl;
    this.sections.register({
      key: 'jobs',
      order: 20,
      collectMany: async (readers) =>
        contentsByReader(readers, await this.repository.digestMany(readers), (r) => digestText(r, 'jobs'), (r, j) => ({
          text: j.title,
          url: `${site}/jobs/details/${j.id}`,
          meta: digestText(r, 'deadline', { date: digestDate(r.locale, j.application_deadline) }),
        })),
    });
  }
}
