import { Container, NativeSelect, Tabs, Title } from '@mantine/core';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { usePhone } from '@/shared/ui/use-phone';

export const SETTINGS_TABS = [
  'profile-information',
  'email',
  'password',
  'notifications',
  'messages',
  'two-step',
  'delete-account',
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

const LABEL = {
  'profile-information': 'settings.tab_profile_information',
  email: 'settings.tab_email',
  password: 'settings.tab_password',
  notifications: 'settings.tab_notifications',
  messages: 'settings.tab_messages',
  'two-step': 'settings.tab_two_step',
  'delete-account': 'settings.tab_delete_account',
} as const satisfies Record<SettingsTab, string>;

const isTab = (v: string | undefined): v is SettingsTab =>
  (SETTINGS_TABS as readonly string[]).includes(v ?? '');

/** `/profile_settings/:slug`: one tab per slug; an unknown slug opens the first tab. */
export function SettingsTabs({
  slug,
  panels,
}: {
  slug: string | undefined;
  panels: Record<SettingsTab, ReactNode>;
}) {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const phone = usePhone();
  if (!isTab(slug))
    return <Navigate to={paths.profileSettings.href({ slug: 'profile-information' })} replace />;
  const title = (
    <Title order={1} mb="lg">
      {t('settings.title')}
    </Title>
  );
  // Seven tabs do not fit a phone's width: there the row becomes a select of the same pages.
  if (phone)
    return (
      <Container size="md" px={0} py="md">
        {title}
        <NativeSelect
          label={t('settings.page_select')}
          data={SETTINGS_TABS.map((tab) => ({ value: tab, label: t(LABEL[tab]) }))}
          value={slug}
          onChange={(ev) => void navigate(paths.profileSettings.href({ slug: ev.currentTarget.value }))}
          mb="lg"
        />
        <section aria-label={t(LABEL[slug])}>{panels[slug]}</section>
      </Container>
    );
  return (
    <Container size="md" px={0} py="md">
      {title}
      <Tabs
        value={slug}
        onChange={(v) => v && void navigate(paths.profileSettings.href({ slug: v }))}
        keepMounted={false}
        aria-label={t('settings.tabs_label')}
      >
        <Tabs.List mb="lg" style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
          {SETTINGS_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab} style={{ whiteSpace: 'nowrap' }}>
              {t(LABEL[tab])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {SETTINGS_TABS.map((tab) => (
          <Tabs.Panel key={tab} value={tab}>
            {panels[tab]}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Container>
  );
}
