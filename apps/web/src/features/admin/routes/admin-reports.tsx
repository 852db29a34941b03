import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';
import { MessageReports } from '../components/message-reports';

export function Component() {
  const { t } = useTranslation('admin');
  return (
    <Page title={t('reports.title')} size="lg">
      <Text c="dimmed" mb="md">
        {t('reports.intro')}
      </Text>
      <MessageReports />
    </Page>
  );
}
