import { type Alert, MAX_ALERTS_PER_USER } from '@legenett/contracts';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AlertSummary } from '@/shared/alerts/alert-dialog';
import { useMyAlerts } from '@/shared/alerts/api';
import { searchHref } from '@/shared/alerts/draft';
import { useLocale } from '@/shared/i18n/use-locale';
import { formatDate } from '@/shared/lib/dates';
import { usePageParam } from '@/shared/lib/use-query-params';
import { LoadOnFirstOpen } from '@/shared/ui/load-on-first-open';
import { Page } from '@/shared/ui/page';
import { PagedList } from '@/shared/ui/paged-list';

const AlertDialog = lazy(() => import('@/shared/alerts/alert-dialog').then((m) => ({ default: m.AlertDialog })));
const DeleteAlertDialog = lazy(() => import('./delete-alert-dialog').then((m) => ({ default: m.DeleteAlertDialog })));

/** One alert: what it watches, how often, and rename/change, delete, open the search. */
function AlertCard({ alert }: { alert: Alert }) {
  const { t } = useTranslation('alerts');
  const locale = useLocale();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={`alert-${alert.id}`}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id={`alert-${alert.id}`}>
            {alert.name}
          </Title>
          <Text size="sm">{t(`frequency.${alert.frequency}`)}</Text>
        </Group>
        <AlertSummary draft={alert} />
        <Text size="xs" c="dimmed">
          {t('created_on', { date: formatDate(alert.created_at, locale) })}
        </Text>
        <Group gap="xs" mt={4} wrap="wrap">
          <Anchor component={Link} to={searchHref(alert)} size="sm" mr="sm">
            {t('open_search')}
          </Anchor>
          <Button size="xs" variant="default" onClick={() => setEditing(true)} aria-haspopup="dialog" aria-label={t('edit_named', { name: alert.name })}>
            {t('edit')}
          </Button>
          <Button size="xs" variant="default" color="red" onClick={() => setDeleting(true)} aria-haspopup="dialog" aria-label={t('delete_named', { name: alert.name })}>
            {t('delete')}
          </Button>
        </Group>
      </Stack>
      <LoadOnFirstOpen opened={editing}>
        {(opened) => <AlertDialog draft={alert} existing={alert} opened={opened} onClose={() => setEditing(false)} />}
      </LoadOnFirstOpen>
      <LoadOnFirstOpen opened={deleting}>{(opened) => <DeleteAlertDialog alert={alert} opened={opened} onClose={() => setDeleting(false)} />}</LoadOnFirstOpen>
    </Card>
  );
}

/** "Lagrede søk": the caller's saved searches (alerts), newest first. */
export function AlertsPage() {
  const { t } = useTranslation('alerts');
  const [page, setPage] = usePageParam();
  const alerts = useMyAlerts(page);
  const total = alerts.data?.meta.total;
  return (
    <Page title={t('my_title')}>
      <Stack gap="xs" mb="md">
        <Text>{t('my_intro')}</Text>
        {total !== undefined && total > 0 && (
          <Text size="sm" c="dimmed">
            {t('my_count', { count: total, maximum: MAX_ALERTS_PER_USER })}
          </Text>
        )}
      </Stack>
      <PagedList
        query={alerts}
        label={t('my_list_label')}
        empty={t('my_empty')}
        error={t('load_error')}
        renderItem={(alert) => <AlertCard alert={alert} />}
        itemKey={(alert) => alert.id}
        page={page}
        onPageChange={setPage}
      />
    </Page>
  );
}
