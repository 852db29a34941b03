import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';
import { RichText } from '@/shared/ui/rich-text';

export function NextPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('next.title')}>
      <Text size="lg" mb="md">
        {t('next.lead')}
      </Text>
      <RichText text={t('next.items')} />
      <Text mt="lg" c="dimmed">
        {t('next.feedback')}
      </Text>
    </Page>
  );
}
