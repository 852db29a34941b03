import { Alert, Badge, Button, Group, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useReferenceList } from '@/shared/reference/reference-lists';

/** The counties of Norway from the reference API. */
export function CountyList() {
  const { t } = useTranslation();
  const counties = useReferenceList('counties');

  if (counties.isPending) {
    return (
      <Group gap="xs" aria-busy="true" aria-label={t('loading')}>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} height={26} width={90} radius="xl" />
        ))}
      </Group>
    );
  }
  if (counties.isError) {
    return (
      <Alert color="gray" variant="light">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('home.regions_error')}</Text>
          <Button size="xs" variant="default" onClick={() => void counties.refetch()}>
            {t('home.regions_retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  return (
    <Group component="ul" gap="xs" aria-label={t('home.regions_label')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {counties.data.map((county) => (
        <li key={county.id}>
          <Badge variant="light" size="lg" radius="xl" tt="none" fw={500}>
            {county.name}
          </Badge>
        </li>
      ))}
    </Group>
  );
}
