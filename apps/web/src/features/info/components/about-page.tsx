import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';
import { InfoSection } from './info-section';

export function AboutPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('about.title')}>
      <Text size="lg" mb="xl">
        {t('about.lead')}
      </Text>
      <InfoSection title={t('about.mission_title')} text={t('about.mission_text')} />
      <InfoSection title={t('about.members_title')} text={t('about.members_text')} />
      <InfoSection title={t('about.verification_title')} text={t('about.verification_text')} />
      <InfoSection title={t('about.contact_title')} text={t('about.contact_text')} />
    </Page>
  );
}
