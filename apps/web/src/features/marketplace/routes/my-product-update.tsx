import { Alert, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { Page } from '@/shared/ui/page';
import { useProduct } from '../api/products';
import { ProductForm } from '../components/product-form';
import { useProductId } from './product-details';

function Update({ id }: { id: number }) {
  const { t } = useTranslation('marketplace');
  const product = useProduct(id, true);
  return (
    <Page title={t('form.edit_title')}>
      {product.isPending ? <Skeleton h={240} /> : product.data ? <ProductForm key={product.data.id} product={product.data} /> : <Alert color="yellow">{t('detail.not_found')}</Alert>}
    </Page>
  );
}

export function Component() {
  const id = useProductId();
  if (id === null) return <Navigate to={paths.notFound.path} replace />;
  return <Update id={id} />;
}
