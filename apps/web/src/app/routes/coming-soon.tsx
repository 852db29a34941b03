import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRouteHandle } from '@/shared/auth/route-access';
import { paths } from '@/shared/config/paths';
import { SparkIcon } from '@/shared/ui/icons';

/** Routes whose feature is not built yet: say so honestly, in the area's own name. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const area = handle?.title ? t(handle.title) : t('coming_soon.area_generic');
  return (
    <Stack align="center" ta="center" py={72} px="md" gap="md">
      <ThemeIcon size={64} radius="xl" variant="light">
        <SparkIcon size={32} />
      </ThemeIcon>
      <Title order={1}>{t('coming_soon.title', { area })}</Title>
      <Text c="dimmed" maw={520}>
        {t('coming_soon.body')}
      </Text>
      <Group mt="sm">
        <Button component={Link} to={paths.home.path}>
          {t('coming_soon.back_home')}
        </Button>
        <Button component={Link} to={paths.next.path} variant="default">
          {t('coming_soon.see_next')}
        </Button>
      </Group>
    </Stack>
  );
}

export { ComingSoonPage as Component };
