import { useTranslation } from 'react-i18next';
import { useFeed } from '@/shared/posts/api';
import { PostList } from '@/shared/posts/post-list';

/** The feed: followed members and companies and my own posts, newest first. */
export function FeedList() {
  const { t } = useTranslation('feed');
  return <PostList query={useFeed()} label={t('list')} empty={t('empty')} />;
}
