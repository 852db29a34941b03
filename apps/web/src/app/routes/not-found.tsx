import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack align="center" ta="center" py={80} px="md" gap="md">
      <Text fz={72} fw={800} c="dimmed" lh={1} aria-hidden="true">
        404
      </Text>
      <Title order={1}>{t('not_found.title')}</Title>
      <Text c="dimmed" maw={480}>
        {t('not_found.text')}
      </Text>
      <Button component={Link} to={paths.home.path} mt="sm">
        {t('not_found.home_link')}
      </Button>
    </Stack>
  );
}

export { NotFoundPage as Component };
