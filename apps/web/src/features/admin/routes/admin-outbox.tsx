import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';
import { OutboxList } from '../components/outbox-list';

export function Component() {
  const { t } = useTranslation('admin');
  return (
    <Page title={t('outbox.title')} size="lg">
      <Text c="dimmed" mb="md">
        {t('outbox.intro')}
      </Text>
      <OutboxList />
    </Page>
  );
}
