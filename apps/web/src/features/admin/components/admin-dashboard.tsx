import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { useAdminUsers } from '../api/get-admin-users';

function QueueCount({ status, label }: { status: 'awaiting_approval' | 'in_review'; label: string }) {
  const { t } = useTranslation('admin');
  const list = useAdminUsers({ status, page: 1, per_page: 1 });
  const href =
    status === 'awaiting_approval' ? paths.adminUsers.path : `${paths.adminUsers.path}?status=${status}`;
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        {list.isPending ? (
          <Skeleton height={36} width={60} />
        ) : (
          <Text fz={32} fw={700} lh={1}>
            {list.data?.meta.total ?? '–'}
          </Text>
        )}
        <Button
          component={Link}
          to={href}
          variant="light"
          w="fit-content"
          aria-label={`${t('dashboard.open_queue')}: ${label}`}
        >
          {t('dashboard.open_queue')}
        </Button>
      </Stack>
    </Card>
  );
}

/** The admin area's start: how many accounts wait, and the way to the queue and the outbox. */
export function AdminDashboard() {
  const { t } = useTranslation('admin');
  const { t: tm } = useTranslation('media');
  return (
    <Stack gap="lg">
      <Text>{t('dashboard.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <QueueCount status="awaiting_approval" label={t('dashboard.awaiting')} />
        <QueueCount status="in_review" label={t('dashboard.in_review')} />
      </SimpleGrid>
      <Group>
        <Button component={Link} to={paths.adminOutbox.path} variant="default">
          {t('dashboard.open_outbox')}
        </Button>
        <Button component={Link} to={paths.adminMailPreviews.path} variant="default">
          {t('dashboard.open_mail_previews')}
        </Button>
        <Button component={Link} to={paths.adminCourses.path} variant="default">
          {t('dashboard.open_courses')}
        </Button>
        <Button component={Link} to={paths.adminMedia.path} variant="default">
          {tm('admin.open')}
        </Button>
      </Group>
    </Stack>
  );
}
