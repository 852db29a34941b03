import { type Notification } from '@legenett/contracts';
import { ActionIcon, Anchor, Button, Group, Indicator, Loader, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAuthSession } from '@/shared/auth/auth-store';
import { paths } from '@/shared/config/paths';
import { notificationKeys } from '../api/keys';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationsRead,
  useNotifications,
  useUnreadStream,
} from '../api/notifications';
import { NotificationItem } from './notification-item';

function BellIcon() {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" focusable="false">
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/**
 * The header's bell: live unread count (server-sent events), the newest notifications, mark all
 * read (all of them, `PUT /user-notifications/read-all`) and a link to the notifications page.
 */
export function NotificationBell() {
  const { t } = useTranslation('notifications_ui');
  const { token } = useAuthSession();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const list = useNotifications(Boolean(token));
  const openedRef = useRef(opened);
  openedRef.current = opened;
  const listCountRef = useRef(list.data?.unreadCount);
  listCountRef.current = list.data?.unreadCount;
  // The open list follows every change live, also one that keeps the count: three likes regroup
  // "Ola Bakken likte innlegget ditt" into "… og 2 andre" while it is shown (issue 42). A count other
  // than the list's reads every list again (the effect below); a closed list is read when it opens.
  const [streamCount, setStreamCount] = useUnreadStream(token, (count) => {
    if (openedRef.current && count === listCountRef.current) void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
  });
  const markRead = useMarkNotificationsRead(setStreamCount);
  const markAll = useMarkAllNotificationsRead(setStreamCount);
  const headingId = useId();

  // A live count other than the list's means the list is out of date. The stream's first event (the
  // count when it connects) usually equals the list just read: no second read then. While the list
  // is still loading, the answer on its way is fresh.
  const listCount = list.data?.unreadCount;
  useEffect(() => {
    if (streamCount !== null && listCount !== undefined && streamCount !== listCount)
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  }, [streamCount, listCount, queryClient]);

  const count = streamCount ?? list.data?.unreadCount ?? 0;
  const notifications = list.data?.data ?? [];
  const label = count > 0 ? t('bell_label_unread', { count }) : t('bell_label');

  /** Following a notification reads it and closes the list. */
  const open = (n: Notification) => {
    if (n.unread) markRead.mutate([n.id]);
    setOpened(false);
  };

  const toggle = () => {
    if (!opened && list.isStale) void list.refetch();
    setOpened((o) => !o);
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={360}
      shadow="md"
      withinPortal
      trapFocus
      hideDetached={false}
      returnFocus
      styles={{ dropdown: { maxWidth: 'calc(100vw - 16px)' } }}
    >
      <Indicator label={count > 99 ? '99+' : count} size={18} disabled={count === 0} color="red" offset={4} zIndex={1}>
        <Popover.Target>
          <ActionIcon variant="default" size="lg" radius="xl" aria-label={label} onClick={toggle} data-testid="notification-bell" data-live={streamCount !== null}>
            <BellIcon />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p="xs" role="dialog" aria-labelledby={headingId}>
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap" px={4}>
            <Text id={headingId} fw={700} component="h2" size="md" m={0}>
              {t('title')}
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              disabled={count === 0}
              loading={markAll.isPending}
              onClick={() => markAll.mutate()}
            >
              {t('mark_all_read')}
            </Button>
          </Group>
          {list.isPending && list.fetchStatus !== 'idle' ? (
            <Group justify="center" py="md">
              <Loader size="sm" />
            </Group>
          ) : list.isError && notifications.length === 0 ? (
            <Text size="sm" c="dimmed" px={4} py="sm" role="alert">
              {t('load_error')}
            </Text>
          ) : notifications.length === 0 ? (
            <Text size="sm" c="dimmed" px={4} py="sm">
              {t('empty')}
            </Text>
          ) : (
            <ScrollArea.Autosize mah="min(420px, 70vh)" type="auto">
              <Stack component="ul" gap={4} m={0} p={0} aria-label={t('list_label')}>
                {notifications.map((n) => (
                  <NotificationItem key={n.id} notification={n} onOpen={open} />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
          <Group justify="space-between" px={4} pb={4} gap="xs">
            <Anchor component={Link} to={paths.notifications.path} size="sm" onClick={() => setOpened(false)}>
              {t('see_all')}
            </Anchor>
            <Anchor component={Link} to={paths.notificationSettings.path} size="sm" onClick={() => setOpened(false)}>
              {t('settings_link')}
            </Anchor>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
