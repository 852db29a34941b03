import { type Locale } from '@legenett/contracts';
import { Badge, Box, Button, Group, Loader, NativeSelect, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '@/shared/lib/dates';
import { formatNumber } from '@/shared/lib/numbers';
import { type InboxFilter, useInbox } from '../api/messages';

const FILTERS: InboxFilter[] = ['all', 'unread', 'requests', 'archived'];

/** The inbox: conversations by latest activity, a filter, more on demand (keyset). */
export function ConversationList({ activeId, filter, onFilter }: { activeId: number | null; filter: InboxFilter; onFilter: (f: InboxFilter) => void }) {
  const { t, i18n } = useTranslation('messages');
  const navigate = useNavigate();
  const inbox = useInbox(filter);
  const conversations = inbox.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <Stack gap="xs">
      <NativeSelect
        label={t('ui.list_label')}
        value={filter}
        onChange={(e) => onFilter(e.currentTarget.value as InboxFilter)}
        data={FILTERS.map((f) => ({ value: f, label: t(`ui.filter_${f}`) }))}
      />
      {inbox.isPending ? (
        <Loader size="sm" aria-label={t('ui.list_label')} />
      ) : conversations.length === 0 ? (
        <Text c="dimmed">{t('ui.empty')}</Text>
      ) : (
        <Stack component="ul" gap={4} p={0} m={0} aria-label={t('ui.list_label')}>
          {conversations.map((c) => (
            <Box component="li" key={c.id} style={{ listStyle: 'none' }}>
              <UnstyledButton
                onClick={() => navigate(`/messages/${c.id}`)}
                aria-current={c.id === activeId ? 'page' : undefined}
                w="100%"
                p="xs"
                style={{
                  borderRadius: 'var(--mantine-radius-sm)',
                  background: c.id === activeId ? 'var(--mantine-color-blue-light)' : undefined,
                }}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={c.unread_count > 0 ? 700 : 500} truncate>
                    {c.title}
                    {c.kind === 'direct' && c.participants.some((p) => !p.is_me && p.type === 'company') ? (
                      <Text span size="xs" c="dimmed">
                        {' · '}
                        {t('ui.company_mark')}
                      </Text>
                    ) : null}
                  </Text>
                  {c.my_state === 'request' ? (
                    <Badge size="sm" variant="light" color="blue">
                      {t('ui.request_mark')}
                    </Badge>
                  ) : null}
                  {c.unread_count > 0 ? (
                    <Badge size="sm" color="red" aria-label={t('ui.unread_badge', { count: c.unread_count })}>
                      {formatNumber(c.unread_count, i18n.language as Locale)}
                    </Badge>
                  ) : null}
                </Group>
                {c.last_message ? (
                  <Text size="sm" c="dimmed" truncate>
                    {c.last_message.deleted ? t('ui.message_deleted') : c.last_message.excerpt}
                  </Text>
                ) : null}
                <Text size="xs" c="dimmed">
                  <time dateTime={c.last_activity_at}>{formatDateTime(c.last_activity_at, i18n.language as Locale)}</time>
                </Text>
              </UnstyledButton>
            </Box>
          ))}
        </Stack>
      )}
      {inbox.hasNextPage ? (
        <Button variant="subtle" size="xs" onClick={() => void inbox.fetchNextPage()} loading={inbox.isFetchingNextPage}>
          {t('ui.load_older')}
        </Button>
      ) : null}
    </Stack>
  );
}
