import { type CourseListQuery, type JoinRequestStatus, type MyCourseListQuery } from '@legenett/contracts';

/** The catalogue's filters as the API takes them. */
export type CourseFilterValues = Pick<CourseListQuery, 'search' | 'type' | 'activeTab'> & {
  /** Only events with something to play (the "TV" tab). */
  playable?: boolean;
  speciality?: number;
  county?: number;
  city?: number;
};

/**
 * Every key of this feature, written once (docs/how-to/web-feature.md). The course log, certificates
 * and small groups are under `courseKeys.all` too, so a course change refreshes them.
 */
export const courseKeys = {
  all: ['courses'] as const,
  list: (filters: CourseFilterValues, page: number, showOld: boolean, locale: string) =>
    ['courses', 'list', filters, page, showOld, locale] as const,
  one: (id: number, mine: boolean, locale: string) => ['courses', mine ? 'mine' : 'one', id, locale] as const,
  attending: (when: 'upcoming' | 'past', page: number, locale: string) =>
    ['courses', 'attending', when, page, locale] as const,
  my: (filters: Partial<MyCourseListQuery>, page: number, locale: string) =>
    ['courses', 'my', filters, page, locale] as const,
  adminQueue: (page: number, locale: string) => ['courses', 'admin', page, locale] as const,
  analytics: (id: number) => ['courses', 'analytics', id] as const,
  logs: () => ['courses', 'log'] as const,
  log: (page: number, locale: string) => ['courses', 'log', page, locale] as const,
  verification: (code: string) => ['courses', 'certificates', code] as const,
  group: (id: number) => ['courses', 'group', id] as const,
  groupStatus: (id: number) => ['courses', 'group', id, 'status'] as const,
  requests: (id: number, status: JoinRequestStatus, page: number) =>
    ['courses', 'group', id, 'requests', status, page] as const,
  members: (id: number) => ['courses', 'group', id, 'members'] as const,
  meetings: (id: number, page: number) => ['courses', 'group', id, 'meetings', page] as const,
};
