import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';
import { AdminDashboard } from '../components/admin-dashboard';

export function Component() {
  const { t } = useTranslation('admin');
  return (
    <Page title={t('title')}>
      <AdminDashboard />
    </Page>
  );
}
