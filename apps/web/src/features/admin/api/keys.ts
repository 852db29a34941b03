import { type AdminUserListQuery, type GuardFindingStatus, type Locale, type OutboxQuery, type ReportFilter } from '@legenett/contracts';

/** The account queue's filters (the users list's key and query). */
export type AdminUsersFilter = Pick<AdminUserListQuery, 'status' | 'page'> & { search?: string; per_page?: number };

/** The outbox list's filters (its key and query). */
export type OutboxFilter = Pick<OutboxQuery, 'page'> & Partial<Pick<OutboxQuery, 'channel' | 'status'>>;

/** Every query key of the admin feature (the only place they are written). */
export const adminKeys = {
  all: ['admin'] as const,
  /** Every account list and detail (refetched after a decision). */
  users: () => ['admin', 'users'] as const,
  userList: (filter: AdminUsersFilter, locale: Locale) => ['admin', 'users', 'list', filter, locale] as const,
  user: (id: number, locale: Locale) => ['admin', 'users', 'detail', id, locale] as const,
  outbox: (filter: OutboxFilter) => ['admin', 'outbox', filter] as const,
  reports: () => ['admin', 'reports'] as const,
  reportList: (status: ReportFilter, page: number) => ['admin', 'reports', status, page] as const,
  /** The guard's findings and its latest sweep (refetched after a decision or a new sweep). */
  guard: () => ['admin', 'guard'] as const,
  guardFindings: (status: GuardFindingStatus, page: number) => ['admin', 'guard', 'findings', status, page] as const,
  guardSweep: () => ['admin', 'guard', 'sweep'] as const,
  courseQueueCount: (locale: Locale) => ['admin', 'course-queue-count', locale] as const,
  mailTemplates: (locale: Locale) => ['admin', 'mail-templates', 'list', locale] as const,
  mailPreview: (template: string | null, locale: Locale) => ['admin', 'mail-templates', 'preview', template, locale] as const,
};
