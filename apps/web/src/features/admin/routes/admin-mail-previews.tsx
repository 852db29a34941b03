import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';
import { MailPreviews } from '../components/mail-previews';

export function Component() {
  const { t } = useTranslation('admin');
  return (
    <Page title={t('mail_previews.title')} size="xl">
      <Text c="dimmed" mb="md">
        {t('mail_previews.intro')}
      </Text>
      <MailPreviews />
    </Page>
  );
}
