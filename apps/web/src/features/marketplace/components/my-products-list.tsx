import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { usePageParam } from '@/shared/lib/use-query-params';
import { PagedList } from '@/shared/ui/paged-list';
import { useMyProducts } from '../api/products';
import { ProductCard } from './product-card';

/** `/my_products`: my products, in stock and sold out, newest first. */
export function MyProductsList() {
  const { t } = useTranslation('marketplace');
  const [page, setPage] = usePageParam();
  const products = useMyProducts(page);
  return (
    <Stack gap="md">
      <div>
        <Button component={Link} to={paths.productNew.path}>
          {t('list.new_product')}
        </Button>
      </div>
      <PagedList
        query={products}
        label={t('list.my_title')}
        empty={t('list.my_empty')}
        renderItem={(p) => <ProductCard product={p} href={paths.myProductDetails.href({ id: p.id })} />}
        itemKey={(p) => p.id}
        page={page}
        onPageChange={setPage}
        paginationLabel={t('list.pagination')}
      />
    </Stack>
  );
}
