import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';
import { UsersQueue } from '../components/users-queue';

export function Component() {
  const { t } = useTranslation('admin');
  return (
    <Page title={t('users.title')} size="lg">
      <UsersQueue />
    </Page>
  );
}
