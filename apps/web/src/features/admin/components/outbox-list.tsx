import { OUTBOX_MESSAGE_CHANNELS, OUTBOX_MESSAGE_STATUSES, type OutboxMessage } from '@legenett/contracts';
import {
  Badge,
  Button,
  Card,
  Code,
  Collapse,
  Group,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/use-locale';
import { useOutbox } from '../api/get-outbox';
import { formatDateTime } from '@/shared/lib/dates';
import { PagedList } from '@/shared/ui/paged-list';
import { useListParams } from './use-list-params';

type Channel = (typeof OUTBOX_MESSAGE_CHANNELS)[number];
type Status = (typeof OUTBOX_MESSAGE_STATUSES)[number];

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

const STATUS_COLORS: Record<Status, string> = { queued: 'yellow', sent: 'green', failed: 'red' };

/** The mail/SMS outbox, newest first, filtered by channel and status (kept in the URL). */
export function OutboxList() {
  const { t } = useTranslation('admin');
  const { params, page, update } = useListParams();
  const channel = oneOf(OUTBOX_MESSAGE_CHANNELS, params.get('channel'));
  const status = oneOf(OUTBOX_MESSAGE_STATUSES, params.get('status'));
  const outbox = useOutbox({ page, channel, status });


  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('outbox.channel')}
          data={[
            { value: '', label: t('outbox.all') },
            ...OUTBOX_MESSAGE_CHANNELS.map((c) => ({ value: c, label: t(`outbox.channels.${c}`) })),
          ]}
          value={channel ?? ''}
          onChange={(v) => update('channel', v)}
          allowDeselect={false}
          w={160}
        />
        <Select
          label={t('outbox.status')}
          data={[
            { value: '', label: t('outbox.all') },
            ...OUTBOX_MESSAGE_STATUSES.map((s) => ({ value: s, label: t(`outbox.statuses.${s}`) })),
          ]}
          value={status ?? ''}
          onChange={(v) => update('status', v)}
          allowDeselect={false}
          w={160}
        />
      </Group>
      <PagedList
        query={outbox}
        label={t('outbox.title')}
        empty={t('outbox.empty')}
        error={t('outbox.load_error')}
        renderItem={(m) => <OutboxItem message={m} />}
        itemKey={(m) => m.id}
        page={page}
        onPageChange={(p) => update('page', p === 1 ? null : String(p))}
      />
    </Stack>
  );
}

function OutboxItem({ message: m }: { message: OutboxMessage }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const [opened, { toggle }] = useDisclosure(false);
  const channel: Channel = m.channel;
  return (
    <Card withBorder radius="md" padding="sm">
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap={6}>
            <Badge variant="outline" tt="none">
              {t(`outbox.channels.${channel}`)}
            </Badge>
            <Badge color={STATUS_COLORS[m.status]} variant="light" tt="none">
              {t(`outbox.statuses.${m.status}`)}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {formatDateTime(m.created_at, locale)}
          </Text>
        </Group>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {m.subject ?? t('outbox.no_subject')}
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('outbox.to')}: {m.to}
        </Text>
        {m.attempts > 0 && <Text size="xs">{t('outbox.attempts', { count: m.attempts })}</Text>}
        {m.last_error && (
          <Text size="xs" c="red">
            {t('outbox.error', { error: m.last_error })}
          </Text>
        )}
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={toggle}
          aria-expanded={opened}
          w="fit-content"
          px={0}
        >
          {opened ? t('outbox.hide_body') : t('outbox.show_body')}
        </Button>
        <Collapse expanded={opened}>
          <Code block style={{ whiteSpace: 'pre-wrap' }}>
            {m.body}
          </Code>
        </Collapse>
      </Stack>
    </Card>
  );
}
