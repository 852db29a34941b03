import { PRODUCT_STATUS, type ProductStatus } from '@legenett/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function StockBadge({ status }: { status: ProductStatus }) {
  const { t } = useTranslation('marketplace');
  const inStock = status === PRODUCT_STATUS.IN_STOCK;
  return (
    <Badge color={inStock ? 'teal' : 'gray'} variant="light">
      {t(inStock ? 'status.in_stock' : 'status.sold_out')}
    </Badge>
  );
}
