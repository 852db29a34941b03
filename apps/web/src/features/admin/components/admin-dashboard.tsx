import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { useLocale } from '@/shared/i18n/use-locale';
import { formatNumber } from '@/shared/lib/numbers';
import { useAdminUsers } from '../api/get-admin-users';
import { useCourseQueueCount } from '../api/get-course-queue-count';

function AccountQueueCount({ status, label }: { status: 'awaiting_approval' | 'in_review'; label: string }) {
  const { t } = useTranslation('admin');
  const list = useAdminUsers({ status, page: 1, per_page: 1 });
  const href =
    status === 'awaiting_approval' ? paths.adminUsers.path : `${paths.adminUsers.path}?status=${status}`;
  return (
    <QueueCard label={label} count={list.data?.meta.total} pending={list.isPending} href={href} action={t('dashboard.open_queue')} />
  );
}

/** One queue: how many wait, and the way to the list. */
function QueueCard({ label, count, pending, href, action }: { label: string; count: number | undefined; pending: boolean; href: string; action: string }) {
  const locale = useLocale();
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        {pending ? (
          <Skeleton height={36} width={60} />
        ) : (
          <Text fz={32} fw={700} lh={1}>
            {count === undefined ? '–' : formatNumber(count, locale)}
          </Text>
        )}
        <Button component={Link} to={href} variant="light" w="fit-content" aria-label={`${action}: ${label}`}>
          {action}
        </Button>
      </Stack>
    </Card>
  );
}

/** The admin area's start: how many accounts and courses wait, and the way to the queue and the outbox. */
export function AdminDashboard() {
  const { t } = useTranslation('admin');
  const { t: tm } = useTranslation('media');
  const courses = useCourseQueueCount();
  return (
    <Stack gap="lg">
      <Text>{t('dashboard.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <AccountQueueCount status="awaiting_approval" label={t('dashboard.awaiting')} />
        <AccountQueueCount status="in_review" label={t('dashboard.in_review')} />
        <QueueCard
          label={t('dashboard.courses_waiting')}
          count={courses.data}
          pending={courses.isPending}
          href={paths.adminCourses.path}
          action={t('dashboard.open_course_queue')}
        />
      </SimpleGrid>
      <Group>
        <Button component={Link} to={paths.adminOutbox.path} variant="default">
          {t('dashboard.open_outbox')}
        </Button>
        <Button component={Link} to={paths.adminMailPreviews.path} variant="default">
          {t('dashboard.open_mail_previews')}
        </Button>
        <Button component={Link} to={paths.adminReports.path} variant="default">
          {t('dashboard.open_reports')}
        </Button>
        <Button component={Link} to={paths.adminGuard.path} variant="default">
          {t('dashboard.open_guard')}
        </Button>
        <Button component={Link} to={paths.adminMedia.path} variant="default">
          {tm('admin.open')}
        </Button>
      </Group>
    </Stack>
  );
}
