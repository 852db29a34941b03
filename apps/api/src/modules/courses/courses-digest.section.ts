import { digestDate, digestSection, digestText } from '../notifications';
import { CoursesRepository } from './courses.repository';

/**
 * The digest's new courses (docs/notifications.md, "Digest"): courses approved since the reader's
 * last digest in their specialties, not started yet, with the start date.
 * Registered at start (`digestSection`); its SQL is `CoursesRepository.digestMany`.
 */
export const CoursesDigestSection = digestSection(CoursesRepository, {
  key: 'courses',
  order: 30,
  item: (r, c, site) => ({
    text: c.title,
    url: `${site}/course/webinares/${c.id}/${c.type}`,
    meta: digestText(r, 'starts', { date: digestDate(r.locale, c.start_at) }),
  }),
});
