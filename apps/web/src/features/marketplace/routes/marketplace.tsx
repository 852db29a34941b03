import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';
import { MarketplaceList } from '../components/marketplace-list';

export function Component() {
  const { t } = useTranslation('marketplace');
  return (
    <Page title={t('list.title')}>
      <MarketplaceList />
    </Page>
  );
}
