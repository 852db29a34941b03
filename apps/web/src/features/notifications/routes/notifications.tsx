import { type Notification } from '@legenett/contracts';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageParam } from '@/shared/lib/use-query-params';
import { notify } from '@/shared/ui/notify';
import { PagedList } from '@/shared/ui/paged-list';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationsRead,
  useNotificationsPage,
} from '../api/notifications';
import { NotificationItem } from '../components/notification-item';

/** `/notifications`: all my notifications, newest first, page by page; each leads to what it is about. */
export function Component() {
  const { t } = useTranslation('notifications_ui');
  const [page, setPage] = usePageParam();
  const list = useNotificationsPage(page);
  const markRead = useMarkNotificationsRead(() => undefined);
  const markAll = useMarkAllNotificationsRead();
  const unread = list.data?.unreadCount ?? 0;
  const open = (n: Notification) => {
    if (n.read_at === null) markRead.mutate([n.id]);
  };
  return (
    <Stack gap="md" py="md" maw={760}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1}>{t('page_title')}</Title>
        <Button
          variant="default"
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate(undefined, { onSuccess: () => notify.success(t('all_read')) })}
        >
          {t('mark_all_read')}
        </Button>
      </Group>
      <PagedList
        query={list}
        label={t('page_list_label')}
        empty={t('empty')}
        error={t('load_error')}
        renderItem={(n) => <NotificationItem notification={n} onOpen={open} component="div" fullDate />}
        itemKey={(n) => n.id}
        page={page}
        onPageChange={setPage}
      />
    </Stack>
  );
}
