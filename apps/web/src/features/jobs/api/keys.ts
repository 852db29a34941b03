import { type JobListQuery } from '@legenett/contracts';

/** The board's filters as they travel in the URL and to the API. */
export type JobFilterValues = Pick<JobListQuery, 'search' | 'speciality' | 'workplace' | 'county' | 'category'>;

/** Every query key of the jobs feature (the only place they are written). */
export const jobKeys = {
  all: ['jobs'] as const,
  list: (filters: JobFilterValues, page: number, showOld: boolean, locale: string) =>
    ['jobs', 'list', filters, page, showOld, locale] as const,
  one: (id: number, mine: boolean, locale: string) => ['jobs', mine ? 'mine' : 'one', id, locale] as const,
  my: (status: 'current' | 'past', page: number, locale: string) => ['jobs', 'my', status, page, locale] as const,
};
