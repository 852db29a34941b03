import { type Notification, notificationMessage, notificationPath } from '@legenett/contracts';
import { Anchor, Box, Button, Group, Loader, Text, VisuallyHidden } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { useLocale } from '@/shared/i18n/use-locale';
import { formatDateTime } from '@/shared/lib/dates';
import { useNotificationMembers } from '../api/notifications';

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
  const name = notification.actor
    ? `${notification.actor.first_name} ${notification.actor.last_name}`
    : t('someone');
  const { key, vars } = notificationMessage(notification, name);
  // The keys are the catalogue's `kinds.*` and `grouped.*` (notificationMessage names only those).
  return (t as (key: string, values: Record<string, string | number>) => string)(key, vars);
}

/** "Show who": the people of a grouped entry, read when opened, each a link to their profile. */
function Members({ notification }: { notification: Notification }) {
  const { t } = useTranslation('notifications_ui');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const members = useNotificationMembers(notification.id, open);
  const people = [...new Map((members.data?.data ?? []).filter((m) => m.actor).map((m) => [m.actor!.id, m.actor!])).values()];
  return (
    <Box mt={4}>
      <Button
        variant="subtle"
        size="compact-xs"
        px={4}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? t('hide_who') : t('show_who', { count: notification.actor_count })}
      </Button>
      {open && (
        <Box id={listId}>
          {members.isPending ? (
            <Loader size="xs" aria-label={t('who_title')} />
          ) : (
            <Box component="ul" aria-label={t('who_title')} m={0} pl="md">
              {people.map((p) => (
                <li key={p.id}>
                  <Anchor component={Link} to={paths.profileBySlug.href({ slug: p.slug })} size="sm">
                    {p.first_name} {p.last_name}
                  </Anchor>
                </li>
              ))}
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}

/**
 * Where a notification leads: the post, petition, course, job or product it is about, the new
 * follower, the inviting company, my profile for an account decision; otherwise the profile of who
 * caused it. Null only for a notification with neither a target nor a person (shown as text). The
 * rule lives in the contracts (`notificationPath`): a push notification's click opens the same page.
 */
export const notificationHref = (n: Notification): string | null => notificationPath(n);

/**
 * One entry (a grouped one says "Kari Nordby og 4 andre likte innlegget ditt" and opens its list of
 * people): unread mark, text (a link to what it is about) and time. In the bell it is a
 * list item with the relative time; the notifications page (whose list makes the `li`) passes
 * `component="div"` and `fullDate`, which adds the date and time beside the relative time.
 */
export function NotificationItem({
  notification,
  onOpen,
  component = 'li',
  fullDate = false,
}: {
  notification: Notification;
  onOpen: (n: Notification) => void;
  component?: 'li' | 'div';
  fullDate?: boolean;
}) {
  const { t } = useTranslation('notifications_ui');
  const locale = useLocale();
  const unread = notification.unread;
  const href = notificationHref(notification);
  const text = (
    <>
      {unread && <VisuallyHidden>{t('unread')}: </VisuallyHidden>}
      <NotificationText notification={notification} />
    </>
  );
  return (
    <Box
      component={component}
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
          style={{
            flex: 'none',
            borderRadius: '50%',
            background: unread ? 'var(--mantine-color-blue-filled)' : 'transparent',
          }}
        />
        <Box style={{ minWidth: 0 }}>
          <Text size="sm" fw={unread ? 600 : 400} style={{ overflowWrap: 'anywhere' }}>
            {href ? (
              // Block-level, so the whole wrapped text is one target (an inline link that wraps leaves gaps).
              <Anchor
                component={Link}
                to={href}
                inherit
                c="inherit"
                display="block"
                onClick={() => onOpen(notification)}
              >
                {text}
              </Anchor>
            ) : (
              text
            )}
          </Text>
          <Text size="xs" c="dimmed" component="time" dateTime={notification.created_at}>
            {relativeTime(notification.created_at, locale)}
            {fullDate ? ` · ${formatDateTime(notification.created_at, locale)}` : null}
          </Text>
          {notification.grouped && notification.actor_count > 1 && <Members notification={notification} />}
        </Box>
      </Group>
    </Box>
  );
}
