import { type AdminMedia, type MediaKind } from '@legenett/contracts';
import { Badge, Button, Card, FileButton, Group, Image, Modal, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/use-locale';
import { usePageParam } from '@/shared/lib/use-query-params';
import { Page } from '@/shared/ui/page';
import { PagedList } from '@/shared/ui/paged-list';
import { useAdminMedia, useDeleteMedia, usePublishMedia, useUploadCaptions, useUploadPoster } from '../api/admin-media';
import { formatDate, formatDuration } from '../format';
import { AdminCategories } from './admin-categories';
import { AdminFrontendSettings } from './admin-frontend-settings';
import { AdminMediaForm } from './admin-media-form';
import { POSTER_ACCEPT } from './poster-accept';

const STATE_COLOR = { draft: 'gray', scheduled: 'yellow', published: 'green' } as const;

function ItemRow({ item }: { item: AdminMedia }) {
  const { t } = useTranslation('media');
  const locale = useLocale();
  const publish = usePublishMedia();
  const remove = useDeleteMedia();
  const captions = useUploadCaptions();
  const poster = useUploadPoster();
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  return (
    <Card withBorder padding="sm" component="article" aria-label={item.title}>
      <Stack gap={6}>
        {item.poster_url && <Image src={item.poster_url} alt="" h={96} w={170} fit="cover" radius="sm" loading="lazy" />}
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>{item.title}</Text>
          <Badge color={STATE_COLOR[item.state]} variant="light">
            {t(`admin.state.${item.state}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {item.category?.name ?? t('admin.no_category')} · {formatDuration(item.duration_seconds)} ·{' '}
          {t(`access.${item.access_level}`)}
          {item.published_at ? ` · ${formatDate(item.published_at, locale)}` : ''}
          {item.has_captions ? ` · ${t('admin.has_captions')}` : ''}
        </Text>
        <Group gap="xs" wrap="wrap" align="flex-end">
          {item.state === 'published' ? (
            <Button
              size="xs"
              variant="default"
              onClick={() => publish.mutate({ kind: item.kind, id: item.id, publish: false })}
            >
              {t('admin.unpublish')}
            </Button>
          ) : (
            <Button size="xs" onClick={() => publish.mutate({ kind: item.kind, id: item.id, publish: true })}>
              {t('admin.publish')}
            </Button>
          )}
          {item.source === 'file' && (
            <FileButton
              accept=".vtt,text/vtt"
              onChange={(file) => {
                if (file) captions.mutate({ kind: item.kind, id: item.id, file });
              }}
            >
              {(props) => (
                <Button {...props} size="xs" variant="default" loading={captions.isPending}>
                  {t('admin.captions_upload')}
                </Button>
              )}
            </FileButton>
          )}
          <FileButton
            accept={POSTER_ACCEPT}
            onChange={(file) => {
              if (file) poster.mutate({ kind: item.kind, id: item.id, file });
            }}
          >
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="default"
                loading={poster.isPending}
                aria-label={`${item.poster_url ? t('admin.poster_replace') : t('admin.poster_upload')}: ${item.title}`}
              >
                {item.poster_url ? t('admin.poster_replace') : t('admin.poster_upload')}
              </Button>
            )}
          </FileButton>
          <Button size="xs" variant="default" onClick={() => setEditing(true)}>
            {t('admin.edit')}
          </Button>
          <Button size="xs" color="red" variant="light" onClick={() => setConfirming(true)}>
            {t('admin.delete')}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        title={t('admin.edit_item', { title: item.title })}
        size="lg"
      >
        <AdminMediaForm kind={item.kind} item={item} onSaved={() => setEditing(false)} />
      </Modal>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('admin.delete')}>
        <Text mb="md">{t('admin.delete_confirm', { title: item.title })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('admin.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate({ kind: item.kind, id: item.id }, { onSuccess: () => setConfirming(false) })
            }
          >
            {t('admin.delete')}
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}

function KindTab({ kind }: { kind: MediaKind }) {
  const { t } = useTranslation('media');
  const [page, setPage] = usePageParam();
  const list = useAdminMedia(kind, page);
  return (
    <Stack gap="lg">
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('admin.new_item')}
        </Title>
        <AdminMediaForm kind={kind} />
      </Card>
      <PagedList
        query={list}
        label={t('admin.list_label')}
        empty={t('admin.empty')}
        renderItem={(item) => <ItemRow item={item} />}
        itemKey={(item) => `${item.kind}-${item.id}`}
        page={page}
        onPageChange={setPage}
      />
    </Stack>
  );
}

/** `/admin/media`: videos, audio, their categories and the home page's preview video. */
export function AdminMediaPage() {
  const { t } = useTranslation('media');
  const [tab, setTab] = useState<string | null>('video');
  return (
    <Page title={t('admin.title')} size="lg">
      <Text c="dimmed" mb="md">
        {t('admin.intro')}
      </Text>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="video">{t('admin.tab_video')}</Tabs.Tab>
          <Tabs.Tab value="audio">{t('admin.tab_audio')}</Tabs.Tab>
          <Tabs.Tab value="categories">{t('admin.tab_categories')}</Tabs.Tab>
          <Tabs.Tab value="settings">{t('admin.tab_settings')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="video">
          <KindTab kind="video" />
        </Tabs.Panel>
        <Tabs.Panel value="audio">
          <KindTab kind="audio" />
        </Tabs.Panel>
        <Tabs.Panel value="categories">
          <AdminCategories />
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <AdminFrontendSettings />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
