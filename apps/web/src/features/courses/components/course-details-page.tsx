import { type Course } from '@legenett/contracts';
import { Alert, Anchor, Badge, Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { SendMessageButton } from '@/shared/messages/send-message-button';
import { useLocale } from '@/shared/i18n/use-locale';
import { ConfirmButton } from '@/shared/ui/confirm-button';
import { notify } from '@/shared/ui/notify';
import { Page } from '@/shared/ui/page';
import { RichText } from '@/shared/ui/rich-text';
import { downloadCalendar, useAttendance, useCourse } from '../api/courses';
import { courseKeys } from '../api/keys';
import { Countdown } from './countdown';
import { CoursePlayer } from './course-player';
import { SmallGroupPanel } from './small-group';
import { useCourseViewing } from './use-course-viewing';
import { formatDateTime } from '@/shared/lib/dates';

/** What the industry's rules ask an invitation to show, and the rest of spec point 3. */
export function CourseFacts({ course }: { course: Course }) {
  const { t } = useTranslation('courses');
  const locale = useLocale();
  // A city and its county often share a name (Oslo): said once.
  const place = [
    ...new Set(
      [course.address, course.hospital?.name, course.clinic?.name, course.city?.name, course.county?.name].filter(
        (v): v is string => !!v,
      ),
    ),
  ].join(', ');
  const rows: [string, string | null][] = [
    [t('field.type'), t(`type.${course.type}`)],
    [t('field.start_at'), t('norwegian_time', { time: formatDateTime(course.start_at, locale) })],
    [t('field.duration_minutes'), t(`duration.${course.duration_minutes}` as 'duration.60')],
    [
      t('field.subscription_deadline'),
      course.subscription_deadline ? formatDateTime(course.subscription_deadline, locale) : null,
    ],
    [t('field.address'), place || null],
    [t('field.host_name'), course.host_name],
    [t('organiser'), course.partner_company?.name ?? null],
    [t('field.target'), course.target],
    [t('field.category_id'), course.category?.name ?? null],
    [t('field.specialty_ids'), course.specialities.map((s) => s.name).join(', ') || null],
    [t('field.audience'), course.audience],
    [
      t('field.credit_hours'),
      course.credit_hours !== null
        ? `${t('credit_hours', { count: course.credit_hours })}${course.credit_approved_by ? ` (${t('credit_approved_by', { body: course.credit_approved_by })})` : ''}`
        : null,
    ],
    [
      t('food'),
      course.type === 'lunch_meeting' ? (course.food_served ? t('food_served') : t('no_food')) : null,
    ],
    [
      t('field.max_attendees'),
      course.max_attendees !== null
        ? t('seats_free', { count: Math.max(0, course.max_attendees - course.attendees_count), max: course.max_attendees })
        : t('attendees', { count: course.attendees_count }),
    ],
    [t('analytics.waiting'), course.waiting_count > 0 ? t('waiting_count', { count: course.waiting_count }) : null],
  ];
  return (
    <Table variant="vertical" layout="fixed" withTableBorder>
      <Table.Tbody>
        {rows
          .filter(([, v]) => v)
          .map(([label, v]) => (
            <Table.Tr key={label}>
              <Table.Th w="40%">{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{v}</Table.Td>
            </Table.Tr>
          ))}
      </Table.Tbody>
    </Table>
  );
}

function AttendBox({ course }: { course: Course }) {
  const { t } = useTranslation('courses');
  const attendance = useAttendance();
  const full = course.max_attendees !== null && course.attendees_count >= course.max_attendees;
  if (course.status !== 'approved' || course.is_past) return null;
  if (course.my_subscription) {
    const waiting = course.my_subscription === 'waiting';
    return (
      <Group>
        <Alert
          color={course.my_subscription === 'attending' ? 'green' : 'yellow'}
          py="xs"
          style={{ flex: 1 }}
        >
          {course.my_subscription === 'attending'
            ? t('attending')
            : t('waiting', { position: course.my_waiting_position ?? '' })}
        </Alert>
        {(course.my_subscription === 'waiting' || !course.is_closed_for_signup) && (
          <ConfirmButton
            variant="default"
            label={waiting ? t('leave_waiting_list') : t('leave')}
            question={waiting ? t('leave_waiting_confirm') : t('leave_confirm')}
            confirmLabel={waiting ? t('leave_waiting_yes') : t('leave_yes')}
            loading={attendance.isPending}
            onConfirm={() =>
              attendance
                .mutateAsync({ id: course.id, attend: false })
                .then(() => notify.success(waiting ? t('left_waiting_done') : t('left_done')))
            }
          />
        )}
      </Group>
    );
  }
  if (course.is_closed_for_signup) return <Alert color="gray">{t('signup_closed')}</Alert>;
  return (
    <Stack gap={4} align="flex-start">
      {full && <Text size="sm">{t('waiting_ahead', { count: course.waiting_count })}</Text>}
      <Button
        loading={attendance.isPending}
        onClick={() =>
          attendance.mutate(
            { id: course.id, attend: true },
            { onSuccess: () => notify.success(full ? t('joined_waiting_done') : t('attend_done')) },
          )
        }
      >
        {full ? t('join_waiting_list') : t('attend')}
      </Button>
    </Stack>
  );
}

/** `/course/webinares/:id/:type`: everything of spec point 3, countdown, live player, attend and leave. */
export function CourseDetailsPage() {
  const { t } = useTranslation('courses');
  const id = Number(useParams().id);
  const course = useCourse(id, false);
  const queryClient = useQueryClient();
  const locale = useLocale();
  const c0 = course.data;
  const watching =
    !!c0 &&
    c0.status === 'approved' &&
    (c0.is_live || (c0.is_past && c0.type === 'webinar')) &&
    !!(c0.embed_code || c0.video_link);
  useCourseViewing(id, watching);
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: courseKeys.one(id, false, locale) }),
    [queryClient, id, locale],
  );

  if (course.isPending) return <Skeleton height={320} />;
  if (course.isError || !course.data) {
    return (
      <Page title={t('not_found')}>
        <Anchor component={Link} to={paths.webinars.href()}>
          {t('back')}
        </Anchor>
      </Page>
    );
  }
  const c = course.data;
  // Server time minus device time, measured when the answer arrived.
  const serverSkew = new Date(c.server_time).getTime() - course.dataUpdatedAt;
  return (
    <Page title={c.title} size="lg">
      <Stack gap="md">
        <Anchor component={Link} to={paths.webinars.href()} size="sm">
          ← {t('back_to_catalogue')}
        </Anchor>
        <Group gap="xs">
          <Badge variant="light">{t(`type.${c.type}`)}</Badge>
          {c.is_live && <Badge color="red">{t('live_now')}</Badge>}
          {c.is_past && <Badge color="gray">{t('ended')}</Badge>}
          {c.status === 'cancelled' && (
            <Badge color="red" variant="outline">
              {t('status.cancelled')}
            </Badge>
          )}
        </Group>
        {c.sponsor_name && (
          <Text fw={700} role="note">
            {t('sponsored_by', { name: c.sponsor_name })}
          </Text>
        )}
        {!c.is_live && !c.is_past && c.status === 'approved' && (
          <Countdown start={c.start_at} skew={serverSkew} onStart={refresh} />
        )}
        {(c.is_live || (c.is_past && c.type === 'webinar')) && <CoursePlayer course={c} />}
        {c.type === 'small_group' ? <SmallGroupPanel course={c} /> : <AttendBox course={c} />}
        <Group>
          <Button variant="subtle" onClick={() => void downloadCalendar(c.id)}>
            {t('add_to_calendar')}
          </Button>
          <SendMessageButton target={{ topic: 'course', id: c.id }} name={c.partner_company?.name ?? t('organiser')} title={c.title} own={c.can_edit} />
        </Group>
        <Title order={2} size="h3">
          {t('field.description')}
        </Title>
        <RichText text={c.description} />
        <CourseFacts course={c} />
      </Stack>
    </Page>
  );
}
