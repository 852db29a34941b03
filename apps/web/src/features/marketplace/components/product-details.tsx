import { PRODUCT_STATUS } from '@legenett/contracts';
import { Alert, Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { useLocale } from '@/shared/i18n/use-locale';
import { notify } from '@/shared/ui/notify';
import { useMarkAsViewed, useProduct, useSetStock } from '../api/products';
import { formatPrice } from './format';
import { ProductGallery } from './product-gallery';
import { StockBadge } from './status-badge';

/** A product's page; `mine` shows the owner's actions (edit, stock toggle) and counts no view. */
export function ProductDetails({ id, mine }: { id: number; mine: boolean }) {
  const { t } = useTranslation('marketplace');
  const locale = useLocale();
  const product = useProduct(id, mine);
  const markViewed = useMarkAsViewed();
  const setStock = useSetStock(id);
  const { mutate: view } = markViewed;

  useEffect(() => {
    if (!mine) view(id);
  }, [id, mine, view]);

  const back = (
    <Anchor component={Link} to={mine ? paths.myProducts.path : paths.marketplace.path}>
      {t(mine ? 'detail.back_mine' : 'detail.back')}
    </Anchor>
  );
  if (product.isPending) return <Skeleton h={240} />;
  if (!product.data) {
    return (
      <Stack>
        <Alert color="yellow">{t('detail.not_found')}</Alert>
        {back}
      </Stack>
    );
  }
  const p = product.data;
  const inStock = p.status === PRODUCT_STATUS.IN_STOCK;
  const toggle = async () => {
    await setStock.mutateAsync(!inStock);
    notify.success(t(inStock ? 'detail.marked_sold_out' : 'detail.marked_in_stock'));
  };

  return (
    <Stack gap="md">
      {back}
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        {p.title}
      </Title>
      <Group gap="sm">
        <Text size="xl" fw={700}>
          {formatPrice(p.price, locale)}
        </Text>
        <StockBadge status={p.status} />
      </Group>
      <ProductGallery images={p.images} title={p.title} />
      <Stack component="dl" gap={4} m={0}>
        {p.manufacturer ? (
          <Group gap="xs">
            <Text component="dt" fw={500}>
              {t('detail.manufacturer')}:
            </Text>
            <Text component="dd" m={0}>
              {p.manufacturer}
            </Text>
          </Group>
        ) : null}
        {p.category ? (
          <Group gap="xs">
            <Text component="dt" fw={500}>
              {t('detail.category')}:
            </Text>
            <Text component="dd" m={0}>
              {p.category.name}
            </Text>
          </Group>
        ) : null}
        <Group gap="xs">
          <Text component="dt" fw={500}>
            {t('detail.seller')}:
          </Text>
          <Text component="dd" m={0}>
            <Anchor component={Link} to={paths.profileBySlug.href({ slug: p.seller.slug })}>
              {p.seller.first_name} {p.seller.last_name}
            </Anchor>
          </Text>
        </Group>
      </Stack>
      <Text style={{ whiteSpace: 'pre-wrap' }}>{p.description}</Text>
      <Text size="sm" c="dimmed">
        {t('detail.views', { count: markViewed.data?.views_count ?? p.views_count })}
      </Text>
      {mine ? (
        <Group>
          <Button component={Link} to={paths.myProductUpdate.href({ id: p.id })}>
            {t('detail.edit')}
          </Button>
          <Button variant="default" onClick={() => void toggle()} loading={setStock.isPending}>
            {t(inStock ? 'detail.mark_sold_out' : 'detail.mark_in_stock')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
