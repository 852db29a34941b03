import { Alert, Anchor, Badge, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { notify } from '@/shared/ui/notify';
import { Page } from '@/shared/ui/page';
import { useCourse, useCourseTransition } from '../api/courses';
import { CourseAnalyticsPanel } from './course-analytics-panel';
import { SmallGroupOrganiser } from './small-group';
import { CourseFacts } from './course-details-page';
import { CourseForm } from './course-form';
import { CourseVideoUpload } from './course-video-upload';

/** States the owner may still edit in (docs/courses.md); an approved course is locked. */
const EDITABLE = new Set(['draft', 'submitted', 'rejected']);

/** `/my_courses/:id`: the state, the moderator's reason, edit while not approved, submit and cancel. */
export function MyCoursePage() {
  const { t } = useTranslation('courses');
  const id = Number(useParams().id);
  const course = useCourse(id, true);
  const transition = useCourseTransition();
  const [confirming, setConfirming] = useState(false);

  if (course.isPending) return <Skeleton height={320} />;
  if (course.isError || !course.data) {
    return (
      <Page title={t('not_found')}>
        <Anchor component={Link} to={paths.myCourses.href()}>
          {t('back')}
        </Anchor>
      </Page>
    );
  }
  const c = course.data;
  const editable = EDITABLE.has(c.status);
  const run = (event: 'submit' | 'cancel') =>
    transition.mutate(
      { id: c.id, event },
      { onSuccess: () => notify.success(t(event === 'submit' ? 'submitted' : 'cancelled_done')) },
    );
  return (
    <Page title={c.title} size="lg">
      <Stack gap="md">
        <Group gap="xs">
          <Badge variant="outline">{t(`status.${c.status}`)}</Badge>
          <Badge variant="light">{t(`type.${c.type}`)}</Badge>
        </Group>
        {c.status === 'rejected' && c.moderation_reason && (
          <Alert color="red" title={t('status.rejected')}>
            {c.moderation_reason}
          </Alert>
        )}
        <Group>
          {(c.status === 'draft' || c.status === 'rejected') && (
            <Button loading={transition.isPending} onClick={() => run('submit')}>
              {t('submit')}
            </Button>
          )}
          {c.status === 'approved' && (
            <Button variant="default" component={Link} to={paths.webinar.href({ id: c.id, type: c.type })}>
              {t('public_page')}
            </Button>
          )}
          {/* An event that has ended cannot be cancelled any more. */}
          {c.status !== 'cancelled' && c.status !== 'rejected' && !c.is_past && (
            <Button color="red" variant="outline" onClick={() => setConfirming(true)}>
              {t('cancel_course')}
            </Button>
          )}
        </Group>
        {c.type === 'webinar' && c.status !== 'cancelled' && <CourseVideoUpload course={c} />}
        {(c.status === 'approved' || c.status === 'cancelled') && <CourseAnalyticsPanel course={c} />}
        {c.type === 'small_group' && c.status === 'approved' && <SmallGroupOrganiser courseId={c.id} />}
        {editable ? (
          <CourseForm key={c.id} course={c} onSaved={() => undefined} />
        ) : (
          <CourseFacts course={c} />
        )}
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('cancel_course')}>
        <Text mb="md">{t('cancel_confirm')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('back')}
          </Button>
          <Button
            color="red"
            onClick={() => {
              setConfirming(false);
              run('cancel');
            }}
          >
            {t('cancel_course')}
          </Button>
        </Group>
      </Modal>
    </Page>
  );
}
