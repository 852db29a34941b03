import { PRODUCT_STATUS, type ProductListQuery, ProductStatusFilterSchema } from '@legenett/contracts';
import { Button, Group, Select, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePageParam, useQueryParams } from '@/shared/lib/use-query-params';
import { paths } from '@/shared/config/paths';
import { FilterDrawer } from '@/shared/ui/filter-drawer';
import { PagedList } from '@/shared/ui/paged-list';
import { useProducts } from '../api/products';
import { ProductCard } from './product-card';

/** The four orders the marketplace offers, as one URL value each. */
const SORTS = {
  'price-asc': { sort: 'price', direction: 'asc' },
  'price-desc': { sort: 'price', direction: 'desc' },
  recent: { sort: 'recent', direction: 'asc' },
  old: { sort: 'old', direction: 'asc' },
} as const satisfies Record<string, Pick<ProductListQuery, 'sort' | 'direction'>>;
type SortKey = keyof typeof SORTS;
const isSortKey = (v: string | null): v is SortKey => v !== null && v in SORTS;

function sortKeyOf(sort: string | null, direction: string | null): SortKey {
  if (sort === 'recent' || sort === 'old') return sort;
  return direction === 'desc' ? 'price-desc' : 'price-asc';
}

/** `/marketplace`: search, stock status and order live in the URL query (shareable). */
export function MarketplaceList() {
  const { t } = useTranslation('marketplace');
  const [params, update] = useQueryParams();
  const parsedStatus = ProductStatusFilterSchema.safeParse(params.get('status') ?? PRODUCT_STATUS.IN_STOCK);
  const status = parsedStatus.success ? parsedStatus.data : PRODUCT_STATUS.IN_STOCK;
  const sortKey = sortKeyOf(params.get('sort'), params.get('direction'));
  const [page, setPage] = usePageParam();
  const search = params.get('search') ?? '';
  const [searchText, setSearchText] = useState(search);

  const query: ProductListQuery = {
    page,
    per_page: 10,
    status,
    ...SORTS[sortKey],
    ...(search ? { search } : {}),
  };
  const products = useProducts(query);

  const searchLater = useDebouncedCallback((value: string) => update({ search: value.trim() }), 300);

  const sortOptions = [
    { value: 'price-asc', label: t('list.sort_price_asc') },
    { value: 'price-desc', label: t('list.sort_price_desc') },
    { value: 'recent', label: t('list.sort_recent') },
    { value: 'old', label: t('list.sort_old') },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Button component={Link} to={paths.productNew.path}>
          {t('list.new_product')}
        </Button>
        <Button component={Link} to={paths.myProducts.path} variant="default">
          {t('list.my_products')}
        </Button>
      </Group>
      <FilterDrawer
        activeCount={[search !== '', status !== PRODUCT_STATUS.IN_STOCK, sortKey !== 'price-asc'].filter(Boolean).length}
      >
      <Stack gap="sm" role="search" aria-label={t('list.filters')}>
        <TextInput
          type="search"
          label={t('list.search')}
          placeholder={t('list.search_placeholder')}
          value={searchText}
          onChange={(e) => {
            setSearchText(e.currentTarget.value);
            searchLater(e.currentTarget.value);
          }}
        />
        <Group grow align="flex-end" wrap="wrap">
          <Stack gap={4}>
            <span id="product-status-label">{t('list.status')}</span>
            <SegmentedControl
              aria-labelledby="product-status-label"
              value={String(status)}
              onChange={(v) => update({ status: v === '1' ? null : v })}
              data={[
                { value: '1', label: t('status.in_stock') },
                { value: '2', label: t('status.sold_out') },
                { value: 'all', label: t('status.all') },
              ]}
            />
          </Stack>
          <Select
            label={t('list.sort')}
            data={sortOptions}
            value={sortKey}
            allowDeselect={false}
            onChange={(v) => {
              if (!isSortKey(v)) return;
              const s = SORTS[v];
              update({
                sort: s.sort === 'price' ? null : s.sort,
                direction: s.direction === 'desc' ? 'desc' : null,
              });
            }}
          />
        </Group>
      </Stack>
      </FilterDrawer>

      <PagedList
        query={products}
        label={t('list.title')}
        empty={t('list.empty')}
        renderItem={(p) => <ProductCard product={p} href={paths.productDetails.href({ id: p.id })} />}
        itemKey={(p) => p.id}
        page={page}
        onPageChange={setPage}
        paginationLabel={t('list.pagination')}
      />
    </Stack>
  );
}
