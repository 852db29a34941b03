import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WebKey } from '@/shared/auth/route-access';
import { Page } from '@/shared/ui/page';
import { InfoSection } from './info-section';

const sections: [WebKey, WebKey][] = [
  ['privacy.controller_title', 'privacy.controller_text'],
  ['privacy.data_title', 'privacy.data_text'],
  ['privacy.hpr_title', 'privacy.hpr_text'],
  ['privacy.purpose_title', 'privacy.purpose_text'],
  ['privacy.sensitive_title', 'privacy.sensitive_text'],
  ['privacy.sharing_title', 'privacy.sharing_text'],
  ['privacy.storage_title', 'privacy.storage_text'],
  ['privacy.cookies_title', 'privacy.cookies_text'],
  ['privacy.rights_title', 'privacy.rights_text'],
  ['privacy.terms_title', 'privacy.terms_text'],
];

export function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('privacy.title')}>
      <Text size="sm" c="dimmed" mb="md">
        {t('privacy.updated')}
      </Text>
      <Text size="lg" mb="xl">
        {t('privacy.intro')}
      </Text>
      {sections.map(([title, text]) => (
        <InfoSection key={title} title={t(title)} text={t(text)} />
      ))}
    </Page>
  );
}
