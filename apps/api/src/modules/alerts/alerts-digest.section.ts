import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type AlertDigestMatch, type AlertType, type Locale, translate } from '@legenett/contracts';
import { type AppConfig, InjectConfig } from '../../config';
import { type DigestSectionContent, DigestSections } from '../notifications';
import { AlertsDigestReader } from './alert-matcher.service';

/** Where an item of an alert opens in the app (the web's routes). */
export function alertItemUrl(site: string, type: AlertType, id: number): string {
  switch (type) {
    case 'job':
      return `${site}/jobs/details/${id}`;
    case 'course':
      // The course page reads its type from the address; `course` is the web's fallback, as in the bell.
      return `${site}/course/webinares/${id}/course`;
    case 'petition':
      return `${site}/petitions/details/${id}`;
    case 'video':
      return `${site}/videos/${id}`;
  }
}

/**
 * The digest's "new matches for your alerts" (ADR 0014, "The digest"): the matches of the reader's
 * daily and weekly alerts since their last digest, one line per item with the alerts that matched it.
 * Immediate alerts are not repeated here (they were told at once). The sweep counts such a match as
 * news (`DigestRepository.dueBatch`), so a reader with nothing else unread still gets the digest.
 */
@Injectable()
export class AlertsDigestSection implements OnModuleInit {
  constructor(
    private readonly sections: DigestSections,
    private readonly reader: AlertsDigestReader,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const contentOf = (locale: Locale, matches: readonly AlertDigestMatch[]): DigestSectionContent | null =>
      matches.length === 0
        ? null
        : {
            title: translate(locale, 'alerts.digest.title'),
            items: matches.map((m) => ({
              text: m.title,
              url: alertItemUrl(this.config.publicUrl, m.item_type, m.item_id),
              meta: translate(locale, 'alerts.digest.alerts', { names: m.alert_names.join(', ') }),
            })),
          };
    this.sections.register({
      key: 'alerts',
      order: 15,
      collect: async ({ userId, locale, since }) => contentOf(locale, await this.reader.matchesSince(userId, since, { limit: 10 })),
      // The digest run's form: the matches of a whole send batch in one statement.
      collectMany: async (readers) => {
        const matches = await this.reader.matchesSinceMany(readers, { limit: 10 });
        return new Map(readers.map((r) => [r.userId, contentOf(r.locale, matches.get(r.userId) ?? [])]));
      },
    });
  }
}
