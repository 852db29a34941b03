import {
  type CourseInput,
  courseEndpoints as ep,
  type MyCourseListQuery,
} from '@legenett/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall, apiDownload, apiUrl } from '@/shared/api/api-client';
import { useLocale } from '@/shared/i18n/use-locale';
import { courseKeys, type CourseFilterValues } from './keys';

export const PAGE_SIZE = 10;

export type { CourseFilterValues } from './keys';

export const coursesQueryOptions = (
  filters: CourseFilterValues,
  page: number,
  showOld: boolean,
  locale: string,
) =>
  queryOptions({
    queryKey: courseKeys.list(filters, page, showOld, locale),
    queryFn: ({ signal }) =>
      apiCall(ep.list, {
        query: {
          search: filters.search,
          type: filters.type,
          playable: filters.playable ? '1' : undefined,
          activeTab: filters.activeTab,
          specialities: filters.speciality ? String(filters.speciality) : undefined,
          counties: filters.county ? String(filters.county) : undefined,
          cities: filters.city ? String(filters.city) : undefined,
          page,
          per_page: PAGE_SIZE,
          show_old: showOld ? '1' : undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useCourses(filters: CourseFilterValues, page: number, showOld: boolean) {
  return useQuery(coursesQueryOptions(filters, page, showOld, useLocale()));
}

export const courseQueryOptions = (id: number, mine: boolean, locale: string) =>
  queryOptions({
    queryKey: courseKeys.one(id, mine, locale),
    queryFn: async ({ signal }) =>
      (await apiCall(mine ? ep.myShow : ep.show, { params: { id }, signal })).data,
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

export function useCourse(id: number, mine: boolean) {
  return useQuery(courseQueryOptions(id, mine, useLocale()));
}

export const attendingQueryOptions = (when: 'upcoming' | 'past', page: number, locale: string) =>
  queryOptions({
    queryKey: courseKeys.attending(when, page, locale),
    queryFn: ({ signal }) => apiCall(ep.attending, { query: { when, page, per_page: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export function useAttending(when: 'upcoming' | 'past', page: number) {
  return useQuery(attendingQueryOptions(when, page, useLocale()));
}

export const myCoursesQueryOptions = (filters: Partial<MyCourseListQuery>, page: number, locale: string) =>
  queryOptions({
    queryKey: courseKeys.my(filters, page, locale),
    queryFn: ({ signal }) => apiCall(ep.myList, { query: { ...filters, page, per_page: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export function useMyCourses(filters: Partial<MyCourseListQuery>, page: number) {
  return useQuery(myCoursesQueryOptions(filters, page, useLocale()));
}

export const adminCourseQueueQueryOptions = (page: number, locale: string) =>
  queryOptions({
    queryKey: courseKeys.adminQueue(page, locale),
    queryFn: ({ signal }) => apiCall(ep.adminQueue, { query: { page, per_page: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export function useAdminCourseQueue(page: number) {
  return useQuery(adminCourseQueueQueryOptions(page, useLocale()));
}

function useInvalidateCourses() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: courseKeys.all });
}

export function useAttendance() {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: async ({ id, attend }: { id: number; attend: boolean }) =>
      (await apiCall(attend ? ep.subscribe : ep.unsubscribe, { params: { id } })).data,
    onSuccess: invalidate,
  });
}

export function useSaveCourse() {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: CourseInput }) =>
      (id === null ? await apiCall(ep.create, { body }) : await apiCall(ep.update, { params: { id }, body }))
        .data,
    onSuccess: invalidate,
  });
}

export function useCourseTransition() {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: async ({ id, event }: { id: number; event: 'submit' | 'cancel' }) =>
      (await apiCall(event === 'submit' ? ep.submit : ep.cancel, { params: { id } })).data,
    onSuccess: invalidate,
  });
}

export function useModerateCourse() {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: number; reason: string | null }) =>
      (reason === null
        ? await apiCall(ep.approve, { params: { id } })
        : await apiCall(ep.reject, { params: { id }, body: { reason } })
      ).data,
    onSuccess: invalidate,
  });
}

export const courseAnalyticsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: courseKeys.analytics(id),
    queryFn: async ({ signal }) => (await apiCall(ep.analytics, { params: { id }, signal })).data,
    refetchInterval: 60_000,
  });

export function useCourseAnalytics(id: number) {
  return useQuery(courseAnalyticsQueryOptions(id));
}

export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

/** Downloads the event's .ics file (the call needs the bearer token, so not a plain link). */
export async function downloadCalendar(id: number): Promise<void> {
  saveBlob(await apiDownload(ep.calendar, { params: { id } }), `course-${id}.ics`);
}

export async function downloadAttendance(id: number): Promise<void> {
  saveBlob(await apiDownload(ep.attendanceCsv, { params: { id } }), `course-${id}-attendance.csv`);
}

/** Opens a viewing record; silent (spec point 8: analytics failures are ignored). */
export async function enterViewing(id: number): Promise<string | null> {
  try {
    return (await apiCall(ep.enteredOn, { params: { id }, silent: true, overlay: false })).data.token;
  } catch {
    return null;
  }
}

/** The beacon: survives the page closing; without sendBeacon a keep-alive fetch. Failures are ignored. */
export function sendLeftWatching(id: number, token: string): void {
  const url = apiUrl(ep.leftWatching, { id });
  const body = JSON.stringify({ token });
  try {
    if (
      typeof navigator.sendBeacon === 'function' &&
      navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }))
    )
      return;
    void fetch(url, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json' },
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // Analytics never disturb the viewer.
  }
}
