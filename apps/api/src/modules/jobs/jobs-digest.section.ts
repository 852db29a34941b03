import { digestDate, digestSection, digestText } from '../notifications';
import { JobsRepository } from './jobs.repository';

/**
 * The digest's new jobs (docs/notifications.md, "Digest"): jobs published since the reader's last
 * digest that match their specialties and county, with the application deadline.
 * Registered at start (`digestSection`); its SQL is `JobsRepository.digestMany`.
 */
export const JobsDigestSection = digestSection(JobsRepository, {
  key: 'jobs',
  order: 20,
  item: (r, j, site) => ({
    text: j.title,
    url: `${site}/jobs/details/${j.id}`,
    meta: digestText(r, 'deadline', { date: digestDate(r.locale, j.application_deadline) }),
  }),
});
