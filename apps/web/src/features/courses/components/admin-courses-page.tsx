import { type AdminCourse, CourseRejectBody } from '@legenett/contracts';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionDialog } from '@/shared/forms/decision-dialog';
import { useLocale } from '@/shared/i18n/use-locale';
import { usePageParam } from '@/shared/lib/use-query-params';
import { notify } from '@/shared/ui/notify';
import { Page } from '@/shared/ui/page';
import { PagedList } from '@/shared/ui/paged-list';
import { RichText } from '@/shared/ui/rich-text';
import { useAdminCourseQueue, useModerateCourse } from '../api/courses';
import { CourseFacts } from './course-details-page';
import { formatDateTime } from '@/shared/lib/dates';

function QueueItem({ course, onReject }: { course: AdminCourse; onReject: (c: AdminCourse) => void }) {
  const { t } = useTranslation('courses');
  const locale = useLocale();
  const moderate = useModerateCourse();
  return (
    <Card withBorder padding="md" component="article" aria-label={course.title}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {course.title}
        </Title>
        <Text size="sm">
          {course.organiser.first_name} {course.organiser.last_name} ({course.organiser.email})
          {course.submitted_at
            ? ` · ${t('admin.submitted_at')}: ${formatDateTime(course.submitted_at, locale)}`
            : ''}
        </Text>
        <RichText text={course.description} />
        <CourseFacts course={course} />
        {course.decisions.length > 0 && (
          <Text size="sm" c="dimmed">
            {t('admin.history')}:{' '}
            {course.decisions
              .map(
                (d) =>
                  `${formatDateTime(d.created_at, locale)} ${t(`status.${d.decision}`)}${d.reason ? ` (${d.reason})` : ''}`,
              )
              .join('; ')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="outline" color="red" onClick={() => onReject(course)}>
            {t('admin.reject')}
          </Button>
          <Button
            loading={moderate.isPending}
            onClick={() =>
              moderate.mutate(
                { id: course.id, reason: null },
                { onSuccess: () => notify.success(t('admin.approved_done')) },
              )
            }
          >
            {t('admin.approve')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** `/admin/courses`: submitted courses, oldest first, with a full preview; approve, or reject with a reason. */
export function AdminCoursesPage() {
  const { t } = useTranslation('courses');
  const [page, setPage] = usePageParam();
  const queue = useAdminCourseQueue(page);
  const moderate = useModerateCourse();
  const [rejecting, setRejecting] = useState<AdminCourse | null>(null);

  return (
    <Page title={t('admin.title')} size="lg">
      <PagedList
        query={queue}
        label={t('admin.title')}
        empty={t('admin.empty')}
        error={t('load_failed')}
        renderItem={(c) => <QueueItem course={c} onReject={setRejecting} />}
        itemKey={(c) => c.id}
        page={page}
        onPageChange={setPage}
      />
      <DecisionDialog
        opened={rejecting !== null}
        onClose={() => setRejecting(null)}
        title={t('admin.reject')}
        reason={{ schema: CourseRejectBody, label: t('admin.reason') }}
        confirmLabel={t('admin.reject')}
        cancelLabel={t('back')}
        danger
        onConfirm={async (reason) => {
          if (!rejecting) return;
          await moderate.mutateAsync({ id: rejecting.id, reason: reason ?? '' });
          notify.success(t('admin.rejected_done'));
        }}
      >
        <Text fw={600}>{rejecting?.title}</Text>
      </DecisionDialog>
    </Page>
  );
}
