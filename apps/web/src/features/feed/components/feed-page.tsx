import { Grid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ProfileSearch } from '@/shared/network/components';
import { Page } from '@/shared/ui/page';
import { usePhone } from '@/shared/ui/use-phone';
import { FeedList } from './feed-list';
import { PeopleYouMayKnow } from './people-you-may-know';
import { PostComposer } from './post-composer';

export function FeedPage() {
  const { t } = useTranslation('feed');
  // On a phone the side column sits above the feed: suggestions go below the posts there instead.
  const phone = usePhone();
  return (
    <Page title={t('title')}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <Stack gap="lg">
            <PostComposer />
            <FeedList />
            {phone ? <PeopleYouMayKnow /> : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <Stack gap="lg">
            <ProfileSearch />
            {phone ? null : <PeopleYouMayKnow />}
          </Stack>
        </Grid.Col>
      </Grid>
    </Page>
  );
}
