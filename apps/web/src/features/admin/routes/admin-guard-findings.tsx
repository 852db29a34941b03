import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';
import { GuardFindings } from '../components/guard-findings';

export function Component() {
  const { t } = useTranslation('admin');
  return (
    <Page title={t('guard.title')} size="lg">
      <Text c="dimmed" mb="md">
        {t('guard.intro')}
      </Text>
      <GuardFindings />
    </Page>
  );
}
