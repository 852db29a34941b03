import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';
import { FeedList } from '../components/feed-list';
import { PostComposer } from '../components/post-composer';

export function Component() {
  const { t } = useTranslation('feed');
  return (
    <Page title={t('title')}>
      <Stack gap="lg">
        <PostComposer />
        <FeedList />
      </Stack>
    </Page>
  );
}
