import { type Locale, WHO_CAN_MESSAGE_VALUES } from '@legenett/contracts';
import { Alert, Group, Loader, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/shared/auth/auth-store';
import { formatDate } from '@/shared/lib/dates';
import { useBlocks, useMessagingSettings, useUpdateMessagingSettings, type WhoCanMessage } from '@/shared/messages/api';
import { BlockButton } from '@/shared/messages/block-button';
import { mayStartConversation } from '@/shared/messages/send-message-button';
import { notify } from '@/shared/ui/notify';

/** Who may start a conversation with me: the contract's three values, each with what it does. */
function WhoCanMessageSetting() {
  const { t } = useTranslation('messages');
  const settings = useMessagingSettings();
  const update = useUpdateMessagingSettings();
  if (!settings.data) return settings.isPending ? <Loader size="sm" aria-label={t('ui.who_label')} /> : null;
  return (
    <Radio.Group
      label={t('ui.who_label')}
      description={t('ui.who_help')}
      value={update.isPending ? update.variables : settings.data.who_can_message}
      onChange={(v) => update.mutate(v as WhoCanMessage, { onSuccess: () => notify.success(t('ui.settings_saved')) })}
    >
      <Stack gap="sm" mt="sm">
        {WHO_CAN_MESSAGE_VALUES.map((value) => (
          <Radio key={value} value={value} label={t(`ui.who_${value}`)} description={t(`ui.who_${value}_help`)} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

function BlockedPeople() {
  const { t, i18n } = useTranslation('messages');
  const blocks = useBlocks();
  return (
    <Stack gap="xs" component="section" aria-labelledby="blocked-people-title">
      <Title order={2} size="h4" id="blocked-people-title">
        {t('ui.blocked_title')}
      </Title>
      {blocks.isPending ? (
        <Loader size="sm" aria-label={t('ui.blocked_title')} />
      ) : !blocks.data || blocks.data.length === 0 ? (
        <Text c="dimmed">{t('ui.blocked_empty')}</Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} aria-labelledby="blocked-people-title" style={{ listStyle: 'none' }}>
          {blocks.data.map((b) => (
            <Paper component="li" key={`${b.type}-${b.id}`} withBorder p="xs">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0}>
                  <Text fw={600}>{b.name}</Text>
                  <Text size="sm" c="dimmed">
                    {t('ui.blocked_since', { date: formatDate(b.blocked_at, i18n.language as Locale) })}
                  </Text>
                </Stack>
                <BlockButton person={{ id: b.id, name: b.name, type: b.type }} size="xs" />
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The settings page's "Meldinger" tab: who may start a conversation with me, and whom I blocked. */
export function MessagingSettings() {
  const { t } = useTranslation('messages');
  const user = useCurrentUser();
  // The endpoints are for approved members (settings, blocks): others would be sent to their state page.
  if (!mayStartConversation(user)) return <Alert color="blue">{t('ui.settings_not_member')}</Alert>;
  return (
    <Stack gap="xl">
      <WhoCanMessageSetting />
      <BlockedPeople />
    </Stack>
  );
}
