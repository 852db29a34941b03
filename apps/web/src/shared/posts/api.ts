import { FEED_DEFAULT_LIMIT, type Post, POST_FILES_FIELD, postEndpoints } from '@legenett/contracts';
import {
  type InfiniteData,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { keysetQueryOptions } from '@/shared/api/keyset';
import { useLocale } from '@/shared/i18n/use-locale';
import { OFFLINE_READ_GC_MS } from '@/shared/offline/keep';
import { postKeys } from './keys';

type FeedPage = { data: Post[]; meta: { next_cursor: string | null } };
type CachedPosts = InfiniteData<FeedPage> | { data: Post[]; meta: unknown } | Post;

/** The feed, newest first, one keyset page (`cursor`) at a time. */
export const feedQueryOptions = (locale: string) =>
  keysetQueryOptions({
    queryKey: postKeys.feed(locale),
    page: (after, signal) => apiCall(postEndpoints.feed, { query: { limit: FEED_DEFAULT_LIMIT, ...after }, signal }),
    gcTime: OFFLINE_READ_GC_MS,
  });

export function useFeed() {
  return useInfiniteQuery(feedQueryOptions(useLocale()));
}

/** A member's own posts on their profile page, newest first, keyset pages. */
export const userPostsQueryOptions = (slug: string, locale: string) =>
  keysetQueryOptions({
    queryKey: postKeys.userPosts(slug, locale),
    page: (after, signal) =>
      apiCall(postEndpoints.userPosts, { params: { slug }, query: { limit: FEED_DEFAULT_LIMIT, ...after }, signal }),
  });

export function useUserPosts(slug: string) {
  return useInfiniteQuery(userPostsQueryOptions(slug, useLocale()));
}

/** My archived posts (`/archived_posts/:slug`), numbered pages. */
export const archivedPostsQueryOptions = (slug: string, page: number, locale: string) =>
  queryOptions({
    queryKey: postKeys.archived(slug, page, locale),
    queryFn: async ({ signal }) =>
      apiCall(postEndpoints.archived, {
        params: { slug },
        query: { page, per_page: 10 },
        signal,
        silent: true,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useArchivedPosts(slug: string, page: number) {
  return useQuery(archivedPostsQueryOptions(slug, page, useLocale()));
}

/** After a change to one post every list that may hold it is fetched again. */
function useInvalidatePosts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: postKeys.all });
}

export function useUpdatePost() {
  const invalidate = useInvalidatePosts();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: string }) =>
      (await apiCall(postEndpoints.update, { params: { id }, body: { body }, silent: true })).data,
    onSuccess: invalidate,
  });
}

/** Delete or (un)archive: a company post goes through the company's path, a member's through theirs. */
export function useDeletePost() {
  const invalidate = useInvalidatePosts();
  return useMutation({
    mutationFn: async (post: Pick<Post, 'slug' | 'company'>) =>
      apiCall(post.company ? postEndpoints.deleteCompanyPost : postEndpoints.deleteUserPost, {
        params: { slug: post.slug },
      }),
    onSuccess: invalidate,
  });
}

export function useArchivePost() {
  const invalidate = useInvalidatePosts();
  return useMutation({
    mutationFn: async ({ post, archive }: { post: Pick<Post, 'slug' | 'company'>; archive: boolean }) =>
      (
        await apiCall(post.company ? postEndpoints.archiveCompanyPost : postEndpoints.archiveUserPost, {
          params: { slug: post.slug },
          body: { archive: archive ? 'archive' : 'unarchive' },
        })
      ).data,
    onSuccess: invalidate,
  });
}

export function useSharePost() {
  const invalidate = useInvalidatePosts();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: string }) =>
      (await apiCall(postEndpoints.share, { params: { id }, body: { body }, silent: true })).data,
    onSuccess: invalidate,
  });
}

export const postQueryOptions = (id: number, locale: string) =>
  queryOptions({
    queryKey: postKeys.one(id, locale),
    queryFn: async ({ signal }) =>
      (await apiCall(postEndpoints.show, { params: { id }, signal, silent: true })).data,
    retry: false,
  });

export function usePost(id: number) {
  return useQuery(postQueryOptions(id, useLocale()));
}

/** Comments of a post, oldest first, page by page. */
export const commentsQueryOptions = (id: number, page: number, locale: string) =>
  queryOptions({
    queryKey: postKeys.comments(id, page, locale),
    queryFn: async ({ signal }) =>
      apiCall(postEndpoints.comments, { params: { id }, query: { page, per_page: 10 }, signal }),
    placeholderData: keepPreviousData,
  });

export function useComments(id: number, page: number) {
  return useQuery(commentsQueryOptions(id, page, useLocale()));
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, files }: { body: string; files: File[] }) => {
      const form = new FormData();
      form.append('body', body);
      for (const file of files) form.append(POST_FILES_FIELD, file);
      return (await apiCall(postEndpoints.create, { body: form })).data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.feeds() }),
  });
}

/** Like or unlike; the answer's state is written into every cached copy of the post. */
export function useToggleLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, like }: { id: number; like: boolean }) =>
      (await apiCall(like ? postEndpoints.like : postEndpoints.unlike, { params: { id }, overlay: false }))
        .data,
    onSuccess: (state, { id }) => {
      const patch = (p: Post): Post =>
        p.id === id ? { ...p, liked_by_me: state.liked, likes_count: state.likes_count } : p;
      // Every cached list or copy of the post: keyset pages (feed, profile), numbered pages (archive, company), one post.
      queryClient.setQueriesData<CachedPosts>({ queryKey: postKeys.all }, (old) => {
        if (!old || typeof old !== 'object') return old;
        if ('pages' in old)
          return { ...old, pages: old.pages.map((pg) => ({ ...pg, data: pg.data.map(patch) })) };
        if ('data' in old && Array.isArray(old.data)) return { ...old, data: old.data.map(patch) };
        if ('id' in old) return patch(old);
        return old;
      });
    },
  });
}

function useInvalidatePost(id: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: postKeys.comments(id) }),
      queryClient.invalidateQueries({ queryKey: postKeys.one(id) }),
      queryClient.invalidateQueries({ queryKey: postKeys.feeds() }),
    ]);
}

export function useAddComment(id: number) {
  const invalidate = useInvalidatePost(id);
  return useMutation({
    mutationFn: async (text: string) =>
      (await apiCall(postEndpoints.addComment, { params: { id }, body: { text }, silent: true })).data,
    onSuccess: invalidate,
  });
}

export function useDeleteComment(id: number) {
  const invalidate = useInvalidatePost(id);
  return useMutation({
    mutationFn: async (commentId: number) =>
      apiCall(postEndpoints.deleteComment, { params: { id, commentId } }),
    onSuccess: invalidate,
  });
}
