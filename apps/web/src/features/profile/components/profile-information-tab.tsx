import { Button, Divider, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { useCurrentUser } from '@/shared/auth/auth-store';
import { useProfileInformation } from '../api/profile-information';
import { ProfileImages } from './profile-images';
import { ProfileInformationForm } from './profile-information-form';

export function ProfileInformationTab() {
  const me = useCurrentUser();
  const info = useProfileInformation();
  return (
    <Stack gap="xl">
      <ProfileImages user={me} />
      <Divider />
      {info.data ? <ProfileInformationForm initial={info.data} /> : <Loader aria-label="…" />}
    </Stack>
  );
}

/**
 * The settings' "Varslinger" tab points to the one place notifications are chosen
 * (`/notification_settings`). It held switches of its own, in other words ("Påminnelser om webinarer
 * på e-post" for the table's "Kurspåminnelser og endringer i kurs", the same setting): issue 42.
 */
export function NotificationsTab() {
  const { t } = useTranslation('profile');
  return (
    <Stack gap="md" align="flex-start">
      <Title order={2} size="h3">
        {t('notifications.title')}
      </Title>
      <Text>{t('notifications.moved')}</Text>
      <Button component={Link} to={paths.notificationSettings.path}>
        {t('notifications.open_settings')}
      </Button>
    </Stack>
  );
}
