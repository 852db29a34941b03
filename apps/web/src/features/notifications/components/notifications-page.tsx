import { type Notification } from '@legenett/contracts';
import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { notify } from '@/shared/ui/notify';
import { useMarkAllNotificationsRead, useMarkNotificationsRead, useNotificationsPage } from '../api/notifications';
import { NotificationItem } from './notification-item';

/**
 * `/notifications`: all my entries (grouped), newest first, more loaded by cursor; each leads to
 * what it is about, a grouped one also to the people in it.
 */
export function NotificationsPage() {
  const { t } = useTranslation('notifications_ui');
  const list = useNotificationsPage();
  const markRead = useMarkNotificationsRead(() => undefined);
  const markAll = useMarkAllNotificationsRead();
  const entries = list.data?.pages.flatMap((p) => p.data) ?? [];
  const unread = list.data?.pages[0]?.unreadCount ?? 0;
  const open = (n: Notification) => {
    if (n.unread) markRead.mutate([n.id]);
  };
  return (
    <Stack gap="md" py="md" maw={760}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1}>{t('page_title')}</Title>
        <Group gap="sm">
          <Anchor component={Link} to={paths.notificationSettings.path} size="sm">
            {t('settings_link')}
          </Anchor>
          <Button
            variant="default"
            disabled={unread === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate(undefined, { onSuccess: () => notify.success(t('all_read')) })}
          >
            {t('mark_all_read')}
          </Button>
        </Group>
      </Group>
      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('page_list_label')} />
        </Center>
      ) : list.isError && entries.length === 0 ? (
        <Alert color="red" role="alert">
          {t('load_error')}
        </Alert>
      ) : entries.length === 0 ? (
        <Text c="dimmed">{t('empty')}</Text>
      ) : (
        <Stack component="ul" gap={4} m={0} p={0} aria-label={t('page_list_label')}>
          {entries.map((n) => (
            <li key={n.id} style={{ listStyle: 'none' }}>
              <NotificationItem notification={n} onOpen={open} component="div" fullDate />
            </li>
          ))}
        </Stack>
      )}
      {list.hasNextPage && (
        <Center>
          <Button variant="default" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('load_more')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
