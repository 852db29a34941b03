import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';
import { MyProductsList } from '../components/my-products-list';

export function Component() {
  const { t } = useTranslation('marketplace');
  return (
    <Page title={t('list.my_title')}>
      <MyProductsList />
    </Page>
  );
}
