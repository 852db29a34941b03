import { ActionIcon, Indicator } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLiveRefresh, useUnreadMessages } from '../api/messages';

/** Beside the bell: a link to `/messages` with the number of unread messages, kept live. */
export function MessagesIcon() {
  const { t } = useTranslation();
  const unread = useUnreadMessages(true);
  useLiveRefresh();
  const count = unread.data?.unread_total ?? 0;
  const requests = unread.data?.requests ?? 0;
  const shown = count + requests;
  return (
    <Indicator label={shown > 99 ? '99+' : shown} size={18} disabled={shown === 0} color="red" offset={4} zIndex={1}>
      <ActionIcon component={Link} to="/messages" variant="default" size="lg" radius="xl" aria-label={shown > 0 ? t('header.messages_label_unread', { count: shown }) : t('header.messages_label')}>
        <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" focusable="false">
          <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
        </svg>
      </ActionIcon>
    </Indicator>
  );
}
