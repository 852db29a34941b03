import { adminEndpoints, type Locale } from '@legenett/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { useLocale } from '@/shared/i18n/use-locale';
import { adminKeys } from './keys';

export function getAdminUser(id: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(adminEndpoints.user, { params: { id }, signal }).then((res) => res.data);
}

/** One account; with `id` null nothing is read (no account chosen). */
export const adminUserQueryOptions = (id: number | null, locale: Locale) =>
  queryOptions({
    queryKey: adminKeys.user(id ?? 0, locale),
    queryFn: ({ signal }) => getAdminUser(id ?? 0, { signal }),
    enabled: id !== null,
  });

export function useAdminUser(id: number | null) {
  return useQuery(adminUserQueryOptions(id, useLocale()));
}
