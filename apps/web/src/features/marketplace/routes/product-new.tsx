import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';
import { ProductForm } from '../components/product-form';

export function Component() {
  const { t } = useTranslation('marketplace');
  return (
    <Page title={t('form.new_title')}>
      <ProductForm />
    </Page>
  );
}
