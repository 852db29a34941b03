import { Alert, Button, Pagination, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { useMyProducts } from '../api/products';
import { ProductCard } from './product-card';

/** `/my_products`: my products, in stock and sold out, newest first. */
export function MyProductsList() {
  const { t } = useTranslation('marketplace');
  const [params, setParams] = useSearchParams();
  const n = Number(params.get('page'));
  const page = Number.isInteger(n) && n > 0 ? n : 1;
  const products = useMyProducts(page);
  return (
    <Stack gap="md">
      <div>
        <Button component={Link} to={paths.productNew.path}>
          {t('list.new_product')}
        </Button>
      </div>
      {products.isPending ? (
        <Skeleton h={120} />
      ) : products.data && products.data.data.length > 0 ? (
        <>
          <Stack component="ul" aria-label={t('list.my_title')} gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {products.data.data.map((p) => (
              <li key={p.id}>
                <ProductCard product={p} href={paths.myProductDetails.href({ id: p.id })} />
              </li>
            ))}
          </Stack>
          {products.data.meta.last_page > 1 ? (
            <Pagination
              aria-label={t('list.pagination')}
              total={products.data.meta.last_page}
              value={page}
              onChange={(p) => setParams(p === 1 ? {} : { page: String(p) })}
            />
          ) : null}
        </>
      ) : (
        <Alert variant="light">{t('list.my_empty')}</Alert>
      )}
    </Stack>
  );
}
