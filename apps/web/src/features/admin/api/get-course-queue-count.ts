import { courseEndpoints, type Locale } from '@legenett/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { useLocale } from '@/shared/i18n/use-locale';
import { adminKeys } from './keys';

/** How many courses wait for moderation: the total of the moderation queue's first page (one row asked for). */
export const courseQueueCountQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: adminKeys.courseQueueCount(locale),
    queryFn: ({ signal }) => apiCall(courseEndpoints.adminQueue, { query: { page: 1, per_page: 1 }, signal }),
    select: (page) => page.meta.total,
  });

export function useCourseQueueCount() {
  return useQuery(courseQueueCountQueryOptions(useLocale()));
}
