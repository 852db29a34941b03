import { type NotificationSettingsInput, type User } from '@legenett/contracts';
import { Anchor, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { notify } from '@/shared/ui/notify';
import { useUpdateNotificationSettings } from '../api/settings';

const KEYS = ['sms_webinar_reminders', 'email_webinar_reminders', 'important_updates'] as const;

/** Three switches, each saved as soon as it is flipped (and flipped back if the API says no). */
export function NotificationSettingsForm({ user }: { user: User | null }) {
  const { t } = useTranslation('profile');
  const { t: tn } = useTranslation('notifications_ui');
  const save = useUpdateNotificationSettings();
  const [values, setValues] = useState<NotificationSettingsInput>(
    user?.user_info.notification_settings ?? {
      sms_webinar_reminders: false,
      email_webinar_reminders: true,
      important_updates: true,
    },
  );

  const toggle = async (key: (typeof KEYS)[number], checked: boolean) => {
    const previous = values;
    const next = { ...values, [key]: checked };
    setValues(next);
    try {
      await save.mutateAsync(next);
      notify.success(t('settings.saved'));
    } catch {
      setValues(previous);
    }
  };

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('notifications.title')}
      </Title>
      <Text c="dimmed">{t('notifications.intro')}</Text>
      {KEYS.map((key) => (
        <Switch
          key={key}
          label={t(`notifications.${key}`)}
          checked={values[key]}
          disabled={save.isPending}
          onChange={(e) => void toggle(key, e.currentTarget.checked)}
        />
      ))}
      {/* Every kind x channel, quiet hours and the digest: the full settings page. */}
      <Anchor component={Link} to={paths.notificationSettings.path}>
        {tn('settings_link')}
      </Anchor>
    </Stack>
  );
}
