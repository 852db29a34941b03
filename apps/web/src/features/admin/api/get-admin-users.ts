import { adminEndpoints, type Locale } from '@legenett/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { useLocale } from '@/shared/i18n/use-locale';
import { adminKeys, type AdminUsersFilter } from './keys';

export function getAdminUsers(filter: AdminUsersFilter, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(adminEndpoints.users, { query: filter, signal });
}

export const adminUsersQueryOptions = (filter: AdminUsersFilter, locale: Locale) =>
  queryOptions({
    queryKey: adminKeys.userList(filter, locale),
    queryFn: ({ signal }) => getAdminUsers(filter, { signal }),
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(filter: AdminUsersFilter) {
  return useQuery(adminUsersQueryOptions(filter, useLocale()));
}
