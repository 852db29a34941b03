import { type Product } from '@legenett/contracts';
import { Anchor, Box, Card, Group, Image, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLocale } from '@/shared/i18n/use-locale';
import { formatPrice } from './format';
import { StockBadge } from './status-badge';

/** One product in a list: thumbnail, linked title, price and stock state. */
export function ProductCard({ product, href }: { product: Product; href: string }) {
  const { t } = useTranslation('marketplace');
  const locale = useLocale();
  const image = product.images[0];
  return (
    <Card withBorder padding="sm" component="article">
      <Group wrap="nowrap" align="flex-start">
        {image ? (
          <Image src={image.thumb_url} alt="" w={96} h={96} fit="cover" radius="sm" loading="lazy" />
        ) : (
          <Box w={96} h={96} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 }}>
            <Text size="xs" c="dimmed" p={6}>
              {t('list.no_image')}
            </Text>
          </Box>
        )}
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={href} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {product.title}
          </Anchor>
          <Text fw={500}>{formatPrice(product.price, locale)}</Text>
          <Group gap="xs">
            <StockBadge status={product.status} />
            {product.manufacturer ? (
              <Text size="sm" c="dimmed">
                {product.manufacturer}
              </Text>
            ) : null}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
