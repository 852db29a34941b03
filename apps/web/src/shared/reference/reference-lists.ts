import { referenceEndpoints, type ReferenceItem } from '@legenett/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { useLocale } from '@/shared/i18n/use-locale';
import { type CategoryType, type ChildList, type FlatList, referenceKeys } from './keys';

const HOUR = 60 * 60 * 1000;

/** The one hook for a reference list in a picker or filter (names localised by the API, so the language is in the key). */
export const referenceListQueryOptions = (list: FlatList, locale: string) =>
  queryOptions({
    queryKey: referenceKeys.list(list, locale),
    queryFn: async ({ signal }): Promise<ReferenceItem[]> => (await apiCall(referenceEndpoints[list], { signal })).data,
    staleTime: HOUR,
  });

export function useReferenceList(list: FlatList) {
  return useQuery(referenceListQueryOptions(list, useLocale()));
}

/** Children of a chosen parent (cities of a county ...); idle until a parent is chosen. */
export const childReferenceListQueryOptions = (list: ChildList, parentId: number | null | undefined, locale: string) =>
  queryOptions({
    queryKey: referenceKeys.children(list, parentId ?? null, locale),
    queryFn: async ({ signal }): Promise<ReferenceItem[]> =>
      (await apiCall(referenceEndpoints[list], { params: { id: parentId ?? 0 }, signal })).data,
    enabled: parentId !== null && parentId !== undefined,
    staleTime: HOUR,
  });

export function useChildReferenceList(list: ChildList, parentId: number | null | undefined) {
  return useQuery(childReferenceListQueryOptions(list, parentId, useLocale()));
}

/** The categories of one kind (company, product ...), localised. */
export const categoriesQueryOptions = (type: CategoryType, locale: string) =>
  queryOptions({
    queryKey: referenceKeys.categories(type, locale),
    queryFn: async ({ signal }) => (await apiCall(referenceEndpoints.categories, { query: { type }, signal })).data,
    staleTime: HOUR,
  });

export function useCategories(type: CategoryType) {
  return useQuery(categoriesQueryOptions(type, useLocale()));
}

/** `{ value, label }` options of a Mantine select. */
export const toOptions = (items: readonly ReferenceItem[] | undefined) =>
  (items ?? []).map((i) => ({ value: String(i.id), label: i.name }));
