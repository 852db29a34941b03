import {
  authEndpoints,
  type Company,
  COMPANY_LOGO_FIELD,
  companyEndpoints as ep,
  type CompanyInput,
} from '@legenett/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { postKeys } from '@/shared/posts/keys';
import { authStore } from '@/shared/auth/auth-store';
import { currentLocale } from '@/shared/i18n/i18n';
import { useLocale } from '@/shared/i18n/use-locale';
import { type CompanyFilters, companyKeys } from './keys';

export const PAGE_SIZE = 12;
export const FOLLOWERS_PAGE_SIZE = 20;
export const POSTS_PAGE_SIZE = 10;

export const companiesQueryOptions = (filters: CompanyFilters, locale: string) =>
  queryOptions({
    queryKey: companyKeys.list(filters, locale),
    queryFn: ({ signal }) =>
      apiCall(ep.list, {
        query: {
          page: filters.page,
          per_page: PAGE_SIZE,
          ...(filters.name ? { name: filters.name } : {}),
          ...(filters.categories.length > 0 ? { categories: filters.categories.join(',') } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useCompanies(filters: CompanyFilters) {
  return useQuery(companiesQueryOptions(filters, useLocale()));
}

/** One company; with `slug` null nothing is read. */
export const companyQueryOptions = (slug: string | null, locale: string) =>
  queryOptions({
    queryKey: companyKeys.one(slug ?? '', locale),
    // Silent: a 404 (missing, deleted or unpublished) is shown as the page's own not-found state.
    queryFn: async ({ signal }) => (await apiCall(ep.show, { params: { slug: slug ?? '' }, signal, silent: true })).data,
    retry: false,
    enabled: slug !== null,
  });

export function useCompany(slug: string | null) {
  return useQuery(companyQueryOptions(slug, useLocale()));
}

export const companyFollowersQueryOptions = (slug: string, page: number) =>
  queryOptions({
    queryKey: companyKeys.followers(slug, page),
    queryFn: ({ signal }) => apiCall(ep.followers, { params: { slug }, query: { page, per_page: FOLLOWERS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export function useCompanyFollowers(slug: string, page: number) {
  return useQuery(companyFollowersQueryOptions(slug, page));
}

export const companyPostsQueryOptions = (slug: string, search: string, page: number) =>
  queryOptions({
    // A post key, so liking, editing or deleting a post anywhere refreshes this list too.
    queryKey: postKeys.company(slug, search, page),
    queryFn: ({ signal }) =>
      apiCall(ep.posts, { params: { slug }, query: { page, per_page: POSTS_PAGE_SIZE, ...(search ? { search } : {}) }, signal }),
    placeholderData: keepPreviousData,
  });

export function useCompanyPosts(slug: string, search: string, page: number) {
  return useQuery(companyPostsQueryOptions(slug, search, page));
}

/** The stored user read again, once, when the company `id` I manage is missing from it (`enabled`). */
export const reloadUserQueryOptions = (id: number, enabled: boolean) =>
  queryOptions({
    queryKey: companyKeys.reloadUser(id),
    queryFn: async () => {
      await reloadUser();
      return true;
    },
    enabled,
    retry: false,
    staleTime: Infinity,
  });

export function useReloadUser(id: number, enabled: boolean) {
  return useQuery(reloadUserQueryOptions(id, enabled));
}

/** Members by name, for invitations; nothing is asked until there is a name. */
/**
 * The stored user object again: its `available_business_profiles` (the companies I manage) change
 * when I create or delete one.
 */
export async function reloadUser(): Promise<void> {
  const { data } = await apiCall(authEndpoints.me, { overlay: false, silent: true });
  if (authStore.getToken()) authStore.setUser(data);
}

/** Follow or unfollow; the answer's state goes into the cached company, and its followers list is refetched. */
export function useToggleFollow(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (follow: boolean) => (await apiCall(follow ? ep.follow : ep.unfollow, { params: { slug }, overlay: false })).data,
    onSuccess: (state) => {
      queryClient.setQueriesData<Company>({ queryKey: companyKeys.one(slug) }, (old) =>
        old ? { ...old, followed_by_me: state.following, followers_count: state.followers_count } : old,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.followers(slug) }),
        queryClient.invalidateQueries({ queryKey: companyKeys.lists() }),
      ]);
    },
  });
}

function formDataOf(values: CompanyInput, logo: File | null): FormData {
  const body = new FormData();
  body.append('name', values.name);
  // One field, comma separated: the contract reads `1,2,3` as well as repeated fields.
  body.append('categories', values.categories.join(','));
  const optional = ['description', 'organisation_number', 'email', 'phone', 'website', 'address', 'postal_code'] as const;
  for (const key of optional) body.append(key, values[key] ?? '');
  if (logo) body.append(COMPANY_LOGO_FIELD, logo);
  return body;
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, logo }: { values: CompanyInput; logo: File | null }) =>
      (await apiCall(ep.create, { body: formDataOf(values, logo) })).data,
    onSuccess: async (company) => {
      queryClient.setQueryData(companyQueryOptions(company.slug, currentLocale()).queryKey, company);
      await Promise.all([reloadUser().catch(() => undefined), queryClient.invalidateQueries({ queryKey: companyKeys.lists() })]);
    },
  });
}

/** Edit the details (and logo) of a company I manage; its page, the directory and my profiles follow. */
export function useUpdateCompany(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, logo }: { values: CompanyInput; logo: File | null }) =>
      (await apiCall(ep.update, { params: { slug }, body: formDataOf(values, logo) })).data,
    onSuccess: async (company) => {
      queryClient.setQueriesData<Company>({ queryKey: companyKeys.one(slug) }, (old) => (old ? { ...old, ...company } : old));
      await Promise.all([reloadUser().catch(() => undefined), queryClient.invalidateQueries({ queryKey: companyKeys.lists() })]);
    },
  });
}

export function useCompanySettings(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: { is_published?: boolean; is_comments_allowed?: boolean }) =>
      (await apiCall(ep.settings, { params: { slug }, body: patch })).data,
    onSuccess: (company) => {
      queryClient.setQueriesData<Company>({ queryKey: companyKeys.one(slug) }, (old) => (old ? { ...old, ...company } : old));
      return queryClient.invalidateQueries({ queryKey: companyKeys.lists() });
    },
  });
}

export function useInviteFollowers(slug: string) {
  return useMutation({
    mutationFn: async (users: number[]) => (await apiCall(ep.invite, { params: { slug }, body: { users } })).data,
  });
}

export function useDeleteCompany(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason_to_delete: string) => apiCall(ep.remove, { params: { slug }, body: { reason_to_delete } }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: companyKeys.one(slug) });
      await Promise.all([reloadUser().catch(() => undefined), queryClient.invalidateQueries({ queryKey: companyKeys.lists() })]);
    },
  });
}
