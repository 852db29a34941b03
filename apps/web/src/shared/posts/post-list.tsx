import { type Post } from '@legenett/contracts';
import { Alert, Button, Group, Skeleton, Stack } from '@mantine/core';
import { type InfiniteData, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/use-locale';
import { prepareDateTimeFormat } from '@/shared/lib/dates';
import { PostCard } from './post-card';

type PostPages = InfiniteData<{ data: Post[]; meta: { next_cursor: string | null } }>;

/** Posts of a keyset query (feed, a profile), newest first; "load more" fetches the next page. */
export function PostList({
  query,
  label,
  empty,
}: {
  query: UseInfiniteQueryResult<PostPages>;
  label: string;
  empty: string;
}) {
  const { t } = useTranslation('feed');
  // A page of posts arrives as an urgent update (the query's store), and rendering ten cards at once
  // was one of the longest tasks of the feed's first load. Its deferred copy renders them in React's
  // background lane, in slices, with the browser free in between (docs/performance/web.md).
  const data = useDeferredValue(query.data);
  // The cards' date format is made in a task of its own while the posts are on their way, not in
  // the first card's render.
  const locale = useLocale();
  useEffect(() => prepareDateTimeFormat(locale), [locale]);
  if (query.isPending) return <Skeleton h={160} />;
  if (query.isError) return <Alert color="red">{t('load_error')}</Alert>;
  if (data === undefined) return <Skeleton h={160} />;
  const posts = data.pages.flatMap((p) => p.data);
  if (posts.length === 0) return <Alert variant="light">{empty}</Alert>;
  return (
    <Stack gap="md">
      <Stack component="ul" aria-label={label} gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
        {posts.map((post) => (
          <li key={post.id} className="below-fold">
            <PostCard post={post} />
          </li>
        ))}
      </Stack>
      {query.hasNextPage ? (
        <Group justify="center">
          <Button
            variant="default"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t('load_more')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
