import { type Notification } from '@legenett/contracts';
import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAuthSession } from '@/shared/auth/auth-store';
import { paths } from '@/shared/config/paths';
import { useLocale } from '@/shared/i18n/use-locale';
import { useMarkNotificationsRead, useNotifications, useUnreadStream } from '../api/notifications';

function BellIcon() {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" focusable="false">
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "for 5 minutter siden" / "5 minutes ago". */
export function relativeTime(iso: string, locale: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale === 'no' ? 'nb' : locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}

function NotificationText({ notification }: { notification: Notification }) {
  const { t } = useTranslation('notifications_ui');
  const name = notification.actor ? `${notification.actor.first_name} ${notification.actor.last_name}` : t('someone');
  switch (notification.kind) {
    case 'account_decision': {
      const decision = notification.data.decision;
      if (decision === 'approved') return t('kinds.account_decision_approved');
      if (decision === 'rejected') return t('kinds.account_decision_rejected');
      return t('kinds.account_decision');
    }
    case 'follow_invitation': {
      const company = notification.data.company_name;
      return typeof company === 'string' ? t('kinds.follow_invitation_company', { company }) : t('kinds.follow_invitation', { name });
    }
    case 'petition_milestone':
      return t('kinds.petition_milestone', { count: Number(notification.data.count ?? 0) });
    case 'petition_answer':
      return t('kinds.petition_answer');
    case 'course_decision':
    case 'course_cancelled':
    case 'course_seat_offered':
    case 'course_reminder':
    case 'course_recording': {
      const title = typeof notification.data.title === 'string' ? notification.data.title : '';
      const decision = notification.data.decision;
      if (notification.kind === 'course_decision' && (decision === 'approved' || decision === 'rejected')) {
        return t(`kinds.course_decision_${decision}`, { title });
      }
      return t(`kinds.${notification.kind}`, { title });
    }
    case 'course_join_requested':
    case 'course_join_decided': {
      const title = typeof notification.data.title === 'string' ? notification.data.title : '';
      const decision = notification.data.decision;
      if (notification.kind === 'course_join_decided' && (decision === 'accepted' || decision === 'declined')) {
        return t(`kinds.course_join_decided_${decision}`, { title });
      }
      return t(`kinds.${notification.kind}`, { title, name });
    }
    default:
      return t(`kinds.${notification.kind}`, { name });
  }
}

/** Where a notification leads: the post, the new follower, the inviting company, or my profile. */
export function notificationHref(n: Notification): string | null {
  if (n.entity_type === 'post' && n.entity_id) return paths.post.href({ id: n.entity_id });
  if (n.entity_type === 'petition' && n.entity_id) return paths.petitionDetails.href({ id: n.entity_id });
  if (n.entity_type === 'course' && n.entity_id) {
    if (n.kind === 'course_decision' || n.kind === 'course_join_requested') return paths.myCourse.href({ id: n.entity_id });
    return paths.webinar.href({ id: n.entity_id, type: typeof n.data.type === 'string' ? n.data.type : 'course' });
  }
  if (n.kind === 'new_follower' && n.actor) return paths.profileBySlug.href({ slug: n.actor.slug });
  if (n.kind === 'follow_invitation' && typeof n.data.company_slug === 'string') return paths.company.href({ slug: n.data.company_slug });
  if (n.kind === 'account_decision') return paths.profile.path;
  return null;
}

function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: (n: Notification) => void }) {
  const { t } = useTranslation('notifications_ui');
  const locale = useLocale();
  const unread = notification.read_at === null;
  const href = notificationHref(notification);
  const text = (
    <>
      {unread && <VisuallyHidden>{t('unread')}: </VisuallyHidden>}
      <NotificationText notification={notification} />
    </>
  );
  return (
    <Box
      component="li"
      px="sm"
      py={8}
      data-unread={unread || undefined}
      style={{
        listStyle: 'none',
        borderRadius: 'var(--mantine-radius-sm)',
        background: unread ? 'var(--mantine-color-blue-light)' : undefined,
      }}
    >
      <Group gap={8} wrap="nowrap" align="flex-start">
        <Box
          aria-hidden="true"
          mt={6}
          w={8}
          h={8}
          style={{ flex: 'none', borderRadius: '50%', background: unread ? 'var(--mantine-color-blue-filled)' : 'transparent' }}
        />
        <Box style={{ minWidth: 0 }}>
          <Text size="sm" fw={unread ? 600 : 400} style={{ overflowWrap: 'anywhere' }}>
            {href ? (
              // Block-level, so the whole wrapped text is one target (an inline link that wraps leaves gaps).
              <Anchor component={Link} to={href} inherit c="inherit" display="block" onClick={() => onOpen(notification)}>
                {text}
              </Anchor>
            ) : (
              text
            )}
          </Text>
          <Text size="xs" c="dimmed" component="time" dateTime={notification.created_at}>
            {relativeTime(notification.created_at, locale)}
          </Text>
        </Box>
      </Group>
    </Box>
  );
}

/** The header's bell: live unread count (server-sent events), the newest notifications, mark all read. */
export function NotificationBell() {
  const { t } = useTranslation('notifications_ui');
  const { token } = useAuthSession();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [streamCount, setStreamCount] = useUnreadStream(token);
  const list = useNotifications(Boolean(token));
  const markRead = useMarkNotificationsRead(setStreamCount);
  const headingId = useId();

  // A changed live count means the list is out of date.
  useEffect(() => {
    if (streamCount !== null) void queryClient.invalidateQueries({ queryKey: ['notifications', 'list'] });
  }, [streamCount, queryClient]);

  const count = streamCount ?? list.data?.unreadCount ?? 0;
  const notifications = list.data?.data ?? [];
  const unreadIds = notifications.filter((n) => n.read_at === null).map((n) => n.id);
  const label = count > 0 ? t('bell_label_unread', { count }) : t('bell_label');

  /** Following a notification reads it and closes the list. */
  const open = (n: Notification) => {
    if (n.read_at === null) markRead.mutate([n.id]);
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
          <ActionIcon variant="default" size="lg" radius="xl" aria-label={label} onClick={toggle} data-testid="notification-bell">
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
              disabled={unreadIds.length === 0}
              loading={markRead.isPending}
              onClick={() => markRead.mutate(unreadIds)}
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
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
