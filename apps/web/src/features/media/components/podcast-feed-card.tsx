import { Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/use-locale';
import { notify } from '@/shared/ui/notify';
import { useCreatePodcastFeed, usePodcastFeed, useRevokePodcastFeed } from '../api/media';
import { formatDate } from '../format';

/** The user's private podcast feed of the audio archive: make (or renew) the address, copy it once, stop it. */
export function PodcastFeedCard() {
  const { t } = useTranslation('media');
  const locale = useLocale();
  const feed = usePodcastFeed();
  const create = useCreatePodcastFeed();
  const revoke = useRevokePodcastFeed();
  const [url, setUrl] = useState<string | null>(null);
  const active = feed.data;
  return (
    <Card withBorder component="section" aria-label={t('feed.title')} mt="xl">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('feed.title')}
        </Title>
        <Text size="sm">{t('feed.intro')}</Text>
        <Text size="sm" c="dimmed">
          {active ? t('feed.active_until', { date: formatDate(active.expires_at, locale) }) : t('feed.none')}
        </Text>
        {url && (
          <Stack gap={4}>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label={t('feed.address')}
                value={url}
                readOnly
                style={{ flex: 1 }}
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy}>
                    {copied ? t('feed.copied') : t('feed.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="xs" c="dimmed">
              {t('feed.copy_hint')}
            </Text>
          </Stack>
        )}
        <Group>
          <Button
            loading={create.isPending}
            onClick={() => create.mutate(undefined, { onSuccess: (made) => setUrl(made.url) })}
          >
            {active ? t('feed.renew') : t('feed.create')}
          </Button>
          {active && (
            <Button
              variant="default"
              loading={revoke.isPending}
              onClick={() =>
                revoke.mutate(undefined, {
                  onSuccess: () => {
                    setUrl(null);
                    notify.success(t('feed.revoked'));
                  },
                })
              }
            >
              {t('feed.revoke')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
