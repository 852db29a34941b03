import {
  NOTIFICATION_CHANNEL_VALUES,
  type NotificationCategory,
  type NotificationChannel,
  type NotificationPreferences,
} from '@legenett/contracts';
import { Alert, Center, Checkbox, Group, Loader, Radio, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/shared/ui/notify';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/notification-preferences';
import { PushSettings } from '../components/push-settings';

/** Which channels any row has: SMS only shows as a column because course reminders have it. */
function channelsIn(prefs: NotificationPreferences): NotificationChannel[] {
  return NOTIFICATION_CHANNEL_VALUES.filter((c) => prefs.categories.some((row) => row[c] !== null));
}

/**
 * `/notification_settings` (spec point 3): one table, each kind of notification x each channel, every
 * box saved as soon as it changes; quiet hours and the e-mail digest below it.
 */
export function Component() {
  const { t } = useTranslation('notifications_ui');
  const prefs = useNotificationPreferences();
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

  return (
    <Stack gap="lg" py="md" maw={860}>
      <div>
        <Title order={1}>{t('settings.title')}</Title>
        <Text c="dimmed" mt={4}>
          {t('settings.intro')}
        </Text>
      </div>
      <Table.ScrollContainer minWidth={420}>
        <Table striped verticalSpacing="sm" data-testid="notification-settings-table">
          <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>{t('settings.table_caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('settings.kind_column')}</Table.Th>
              {channels.map((c) => (
                <Table.Th key={c} scope="col" ta="center">
                  {channelName(c)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.categories.map((row) => (
              <Table.Tr key={row.category}>
                <Table.Th scope="row" fw={500}>
                  {kindName(row.category)}
                </Table.Th>
                {channels.map((channel) => {
                  const cell = row[channel];
                  return (
                    <Table.Td key={channel} ta="center">
                      {cell === null ? (
                        <Text span size="sm" c="dimmed" aria-label={t('settings.not_available')}>
                          –
                        </Text>
                      ) : (
                        <Center>
                          <Checkbox
                            aria-label={t('settings.toggle_label', { kind: kindName(row.category), channel: channelName(channel) })}
                            checked={cell.enabled}
                            disabled={cell.locked}
                            title={cell.locked ? t('settings.locked') : undefined}
                            onChange={(e) => saveAndSay({ channels: { [row.category]: { [channel]: e.currentTarget.checked } } })}
                          />
                        </Center>
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

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
