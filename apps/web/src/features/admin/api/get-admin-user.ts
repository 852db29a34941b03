import { adminEndpoints, type Locale } from '@legenett/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { useLocale } from '@/shared/i18n/use-locale';
import { adminUsersKey } from './get-admin-users';

export function getAdminUser(id: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(adminEndpoints.user, { params: { id }, signal }).then((res) => res.data);
}

export const adminUserQueryOptions = (id: number, locale: Locale) =>
  queryOptions({
    queryKey: [...adminUsersKey, 'detail', id, locale] as const,
    queryFn: ({ signal }) => getAdminUser(id, { signal }),
  });

export function useAdminUser(id: number | null) {
  const locale = useLocale();
  return useQuery({ ...adminUserQueryOptions(id ?? 0, locale), enabled: id !== null });
}
