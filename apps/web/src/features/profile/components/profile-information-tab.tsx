import { Divider, Loader, Stack } from '@mantine/core';
import { useCurrentUser } from '@/shared/auth/auth-store';
import { useProfileInformation } from '../api/profile-information';
import { NotificationSettingsForm } from './notification-settings-form';
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

export function NotificationsTab() {
  const me = useCurrentUser();
  return me ? <NotificationSettingsForm user={me} /> : null;
}
