import { Stack } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { SessionsSettings } from '@/features/auth/components/sessions-settings';
import { TwoFactorSettings } from '@/features/auth/components/two-factor-settings';
import { MessagingSettings } from '@/features/messages/components/messaging-settings';
import { DeleteAccountForm } from '@/features/profile/components/delete-account-form';
import { NotificationsTab, ProfileInformationTab } from '@/features/profile/components/profile-information-tab';
import { SettingsTabs } from '@/features/profile/components/settings-tabs';
import { ChangeEmailForm } from '@/features/registration/components/change-email-form';

/** `/profile_settings/:slug`: the settings tabs, each feature contributing its own form. */
export function ProfileSettingsRoute() {
  const { slug } = useParams();
  return (
    <SettingsTabs
      slug={slug}
      panels={{
        'profile-information': <ProfileInformationTab />,
        email: <ChangeEmailForm />,
        password: <ChangePasswordForm />,
        notifications: <NotificationsTab />,
        messages: <MessagingSettings />,
        'two-step': (
          <Stack gap="xl">
            <TwoFactorSettings />
            <SessionsSettings />
          </Stack>
        ),
        'delete-account': <DeleteAccountForm />,
      }}
    />
  );
}

export { ProfileSettingsRoute as Component };
