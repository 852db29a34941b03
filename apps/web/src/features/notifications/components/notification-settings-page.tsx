import {
  NOTIFICATION_CHANNEL_VALUES,
  type NotificationCategory,
  type NotificationChannel,
  type NotificationPreferences,
} from '@legenett/contracts';
import { Alert, Center, Checkbox, Group, Loader, Radio, Paper, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/shared/ui/notify';
import { usePhone } from '@/shared/ui/use-phone';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/notification-preferences';
import { PushSettings } from './push-settings';

/** Which channels any row has: SMS only shows as a column because course reminders have it. */
function channelsIn(prefs: NotificationPreferences): NotificationChannel[] {
  return NOTIFICATION_CHANNEL_VALUES.filter((c) => prefs.categories.some((row) => row[c] !== null));
}

type CategoryRow = NotificationPreferences['categories'][number];

/** One channel of the settings: its heading, and the box (or `null`: not offered) for a kind. */
interface ChannelColumn {
  channel: NotificationChannel;
  header: string;
  cell: (row: CategoryRow) => ReactNode;
}

interface ChannelLayoutProps {
  rows: CategoryRow[];
  columns: ChannelColumn[];
  kindName: (c: NotificationCategory) => string;
}

/** Wide screens: one table, a row per kind and a column per channel. */
function ChannelTable({ rows, columns, kindName }: ChannelLayoutProps) {
  const { t } = useTranslation('notifications_ui');
  return (
    <Table striped verticalSpacing="sm" data-testid="notification-settings-table">
      <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>{t('settings.table_caption')}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('settings.kind_column')}</Table.Th>
          {columns.map((c) => (
            <Table.Th key={c.channel} scope="col" ta="center" style={{ whiteSpace: 'nowrap' }}>
              {c.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.category}>
            <Table.Th scope="row" fw={500}>
              {kindName(row.category)}
            </Table.Th>
            {columns.map((c) => {
              const box = c.cell(row);
              return (
                <Table.Td key={c.channel} ta="center">
                  {box === null ? (
                    <Text span size="sm" c="dimmed" aria-label={t('settings.not_available')}>
                      –
                    </Text>
                  ) : (
                    <Center>{box}</Center>
                  )}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * A phone (issue 42: the table was 425 px wide on a 390 px screen): a box per kind, its channels
 * one under the other, each with its name beside the checkbox; channels a kind lacks are left out.
 */
function StackedChannels({ rows, columns, kindName }: ChannelLayoutProps) {
  const { t } = useTranslation('notifications_ui');
  const id = useId();
  return (
    <Stack gap="sm" component="section" aria-label={t('settings.table_caption')} data-testid="notification-settings-stacked">
      {rows.map((row) => (
        <Paper key={row.category} withBorder p="sm" radius="md" role="group" aria-labelledby={`${id}-${row.category}`}>
          <Text fw={600} mb={6} id={`${id}-${row.category}`}>
            {kindName(row.category)}
          </Text>
          <Stack gap={6}>
            {columns.map((c) => {
              const box = c.cell(row);
              if (box === null) return null;
              return (
                <Group key={c.channel} gap="sm" wrap="nowrap" component="label">
                  {box}
                  <Text size="sm">
                    {c.header}
                    {/* The table says it in the box's title; a phone shows no title, so it is written out. */}
                    {row[c.channel]?.locked ? (
                      <Text span size="sm" c="dimmed">
                        {' '}
                        · {t('settings.locked')}
                      </Text>
                    ) : null}
                  </Text>
                </Group>
              );
            })}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * `/notification_settings` (spec point 3): one table, each kind of notification x each channel, every
 * box saved as soon as it changes; quiet hours and the e-mail digest below it.
 */
export function NotificationSettingsPage() {
  const { t } = useTranslation('notifications_ui');
  const prefs = useNotificationPreferences();
  const phone = usePhone();
  const save = useUpdateNotificationPreferences();
  const saveAndSay = (body: Parameters<typeof save.mutate>[0]) =>
    save.mutate(body, { onSuccess: () => notify.success(t('settings.saved')) });

  if (prefs.isPending)
    return (
      <Center py="xl">
        <Loader aria-label={t('settings.title')} />
      </Center>
    );
  if (prefs.isError || !prefs.data)
    return (
      <Alert color="red" role="alert" my="md">
        {t('settings.load_error')}
      </Alert>
    );
  const data = prefs.data;
  const channels = channelsIn(data);
  const kindName = (c: NotificationCategory) => t(`settings.categories.${c}`);
  const channelName = (c: NotificationChannel) => t(`settings.channels.${c}`);
  // One definition per channel, read by both layouts: a new channel is a new column of the table
  // and a new line of each kind's box on a phone, without touching either layout.
  const columns: ChannelColumn[] = channels.map((channel) => ({
    channel,
    header: channelName(channel),
    cell: (row) => {
      const cell = row[channel];
      if (cell === null) return null;
      return (
        <Checkbox
          aria-label={t('settings.toggle_label', { kind: kindName(row.category), channel: channelName(channel) })}
          checked={cell.enabled}
          disabled={cell.locked}
          title={cell.locked ? t('settings.locked') : undefined}
          onChange={(e) => saveAndSay({ channels: { [row.category]: { [channel]: e.currentTarget.checked } } })}
        />
      );
    },
  }));

  return (
    <Stack gap="lg" py="md" maw={860}>
      <div>
        <Title order={1}>{t('settings.title')}</Title>
        <Text c="dimmed" mt={4}>
          {t('settings.intro')}
        </Text>
      </div>
      {phone ? <StackedChannels rows={data.categories} columns={columns} kindName={kindName} /> : <ChannelTable rows={data.categories} columns={columns} kindName={kindName} />}

      <QuietHours prefs={data} onSave={saveAndSay} />

      <PushSettings prefs={data} onSave={saveAndSay} />

      <Stack gap="xs" component="section" aria-labelledby="digest-title">
        <Title order={2} size="h3" id="digest-title">
          {t('settings.digest_title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('settings.digest_intro')}
        </Text>
        <Radio.Group label={t('settings.digest_label')} value={data.digest} onChange={(v) => saveAndSay({ digest: v as NotificationPreferences['digest'] })}>
          <Group gap="lg" mt={6}>
            {(['daily', 'weekly', 'off'] as const).map((d) => (
              <Radio key={d} value={d} label={t(`settings.digest.${d}`)} />
            ))}
          </Group>
        </Radio.Group>
      </Stack>
    </Stack>
  );
}

function QuietHours({ prefs, onSave }: { prefs: NotificationPreferences; onSave: (body: { quiet_hours: NotificationPreferences['quiet_hours'] }) => void }) {
  const { t } = useTranslation('notifications_ui');
  const [start, setStart] = useState(prefs.quiet_hours.start);
  const [end, setEnd] = useState(prefs.quiet_hours.end);
  useEffect(() => {
    setStart(prefs.quiet_hours.start);
    setEnd(prefs.quiet_hours.end);
  }, [prefs.quiet_hours.start, prefs.quiet_hours.end]);
  const valid = (v: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v);
  const commit = (next: Partial<NotificationPreferences['quiet_hours']>) => {
    const quiet = { ...prefs.quiet_hours, start, end, ...next };
    if (!valid(quiet.start) || !valid(quiet.end)) return;
    if (quiet.start === prefs.quiet_hours.start && quiet.end === prefs.quiet_hours.end && quiet.enabled === prefs.quiet_hours.enabled) return;
    onSave({ quiet_hours: quiet });
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="quiet-title">
      <Title order={2} size="h3" id="quiet-title">
        {t('settings.quiet_title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('settings.quiet_intro')}
      </Text>
      <Switch label={t('settings.quiet_enabled')} checked={prefs.quiet_hours.enabled} onChange={(e) => commit({ enabled: e.currentTarget.checked })} />
      <Group gap="md">
        <TextInput
          type="time"
          label={t('settings.quiet_start')}
          value={start}
          disabled={!prefs.quiet_hours.enabled}
          onChange={(e) => setStart(e.currentTarget.value)}
          onBlur={() => commit({})}
          w={140}
        />
        <TextInput
          type="time"
          label={t('settings.quiet_end')}
          value={end}
          disabled={!prefs.quiet_hours.enabled}
          onChange={(e) => setEnd(e.currentTarget.value)}
          onBlur={() => commit({})}
          w={140}
        />
      </Group>
    </Stack>
  );
}
