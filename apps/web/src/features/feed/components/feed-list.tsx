import { Alert, Button, Group, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFeed } from '../api/posts';
import { PostCard } from './post-card';

/** The feed, newest first; "load more" fetches the next keyset page. */
export function FeedList() {
  const { t } = useTranslation('feed');
  const feed = useFeed();
  if (feed.isPending) return <Skeleton h={160} />;
  if (feed.isError) return <Alert color="red">{t('load_error')}</Alert>;
  const posts = feed.data.pages.flatMap((p) => p.data);
  if (posts.length === 0) return <Alert variant="light">{t('empty')}</Alert>;
  return (
    <Stack gap="md">
      <Stack component="ul" aria-label={t('list')} gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} />
          </li>
        ))}
      </Stack>
      {feed.hasNextPage ? (
        <Group justify="center">
          <Button variant="default" loading={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
            {t('load_more')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
