import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { isChunkLoadError } from '@/shared/lib/chunk-timeout';

/** Errors while loading or rendering a page; a page chunk that failed or timed out can be retried. */
export function RouteErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  return (
    <Stack align="center" ta="center" py={72} px="md" gap="md" role="alert">
      <Title order={1}>{t(chunk ? 'route_error.chunk_title' : 'route_error.generic_title')}</Title>
      <Text c="dimmed" maw={520}>
        {t(chunk ? 'route_error.chunk_text' : 'route_error.generic_text')}
      </Text>
      <Group>
        {/* A fresh load also picks up a new deployment whose chunk names changed. */}
        <Button onClick={() => window.location.reload()}>{t('route_error.retry')}</Button>
        <Button component={Link} to={paths.home.path} variant="default" reloadDocument>
          {t('route_error.home_link')}
        </Button>
      </Group>
    </Stack>
  );
}
