import { courseEndpoints } from '@legenett/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { useLocale } from '@/shared/i18n/use-locale';

/** How many courses wait for moderation: the total of the moderation queue's first page (one row asked for). */
export function useCourseQueueCount() {
  const locale = useLocale();
  return useQuery({
    queryKey: ['admin', 'course-queue-count', locale] as const,
    queryFn: ({ signal }) => apiCall(courseEndpoints.adminQueue, { query: { page: 1, per_page: 1 }, signal }),
    select: (page) => page.meta.total,
  });
}
