import { type Course, JoinRequestBody, type Meeting, MeetingInput, osloToday } from '@legenett/contracts';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type z } from 'zod';
import { paths } from '@/shared/config/paths';
import { useContractForm } from '@/shared/forms/contract-form';
import { DateField } from '@/shared/forms/date-field';
import { useLocale } from '@/shared/i18n/use-locale';
import { formatDate } from '@/shared/lib/dates';
import { formatNumber } from '@/shared/lib/numbers';
import { notify } from '@/shared/ui/notify';
import { PagedList } from '@/shared/ui/paged-list';
import {
  downloadAttestation,
  useDecideJoinRequest,
  useDeleteMeeting,
  useGroupStatus,
  useJoinRequests,
  useMeetings,
  useMembers,
  useRequestToJoin,
  useSaveMeeting,
} from '../api/course-records';

const fullName = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`;

/** The form a non-member sends to ask to join, with an optional message. */
function JoinRequestForm({ courseId }: { courseId: number }) {
  const { t } = useTranslation('course_records');
  const send = useRequestToJoin(courseId);
  const { register, submit, fieldError } = useContractForm(JoinRequestBody, {
    defaultValues: { message: '' },
  });
  const onSubmit = submit(async (body) => {
    await send.mutateAsync(body.message);
    notify.success(t('group.sent'));
  });
  return (
    <form onSubmit={(ev) => void onSubmit(ev)} noValidate>
      <Stack gap="sm">
        <Textarea
          label={t('group.message')}
          minRows={3}
          maxLength={1000}
          error={fieldError('message')}
          {...register('message')}
        />
        <Group>
          <Button type="submit" loading={send.isPending}>
            {t('group.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One meeting of the log: date, topic, hours, who was present; the organiser edits and deletes. */
function MeetingCard({
  meeting,
  onEdit,
  onDelete,
}: {
  meeting: Meeting;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const { t } = useTranslation('course_records');
  const locale = useLocale();
  const date = formatDate(meeting.held_on, locale);
  return (
    <Card
      withBorder
      padding="sm"
      component="article"
      aria-label={t('group.meeting_label', { date, topic: meeting.topic })}
    >
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Text fw={600}>{meeting.topic}</Text>
          <Text size="sm" c="dimmed">
            {date} · {t('group.hours_value', { hours: formatNumber(meeting.hours, locale) })} ·{' '}
            {t('group.present_count', { count: meeting.present.length })}
          </Text>
          {meeting.present.length > 0 && <Text size="sm">{meeting.present.map(fullName).join(', ')}</Text>}
        </Stack>
        {onEdit && onDelete && (
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={onEdit}>
              {t('group.edit_meeting')}
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={onDelete}>
              {t('group.delete_meeting')}
            </Button>
          </Group>
        )}
      </Group>
    </Card>
  );
}

/** Log or edit a meeting: date, topic, hours, and which members were present. */
function MeetingForm({
  courseId,
  meeting,
  onDone,
}: {
  courseId: number;
  meeting: Meeting | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('course_records');
  const save = useSaveMeeting(courseId);
  const members = useMembers(courseId);
  const { register, control, submit, fieldError } = useContractForm<
    MeetingInput,
    z.input<typeof MeetingInput>
  >(MeetingInput, {
    defaultValues: {
      held_on: meeting?.held_on,
      topic: meeting?.topic ?? '',
      hours: meeting?.hours ?? 2,
      present_user_ids: meeting?.present.map((p) => p.id) ?? [],
    },
  });
  const onSubmit = submit(async (body) => {
    await save.mutateAsync({ meetingId: meeting?.id ?? null, body });
    notify.success(t('group.saved'));
    onDone();
  });
  return (
    <form onSubmit={(ev) => void onSubmit(ev)} noValidate>
      <Stack gap="sm">
        <DateField
          control={control}
          name="held_on"
          label={t('group.held_on')}
          required
          maxDate={osloToday()}
          error={fieldError('held_on')}
        />
        <TextInput
          label={t('group.topic')}
          required
          maxLength={300}
          error={fieldError('topic')}
          {...register('topic')}
        />
        <Controller
          control={control}
          name="hours"
          render={({ field }) => (
            <NumberInput
              label={t('group.hours')}
              required
              min={0.5}
              max={24}
              step={0.5}
              decimalScale={1}
              value={field.value as number}
              onChange={(v) => field.onChange(typeof v === 'number' ? v : Number(v))}
              error={fieldError('hours')}
            />
          )}
        />
        <Controller
          control={control}
          name="present_user_ids"
          render={({ field }) => (
            <Checkbox.Group
              label={t('group.present')}
              value={(field.value ?? []).map(String)}
              onChange={(v) => field.onChange(v.map(Number))}
              error={fieldError('present_user_ids')}
            >
              <Stack gap={6} mt={6}>
                {(members.data ?? []).map((m) => (
                  <Checkbox key={m.id} value={String(m.id)} label={fullName(m)} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('group.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('group.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The meeting log, newest first; `editable` for the organiser (add, edit, delete). */
function MeetingLog({ courseId, editable }: { courseId: number; editable: boolean }) {
  const { t } = useTranslation('course_records');
  const [page, setPage] = useState(1);
  const meetings = useMeetings(courseId, page);
  const remove = useDeleteMeeting(courseId);
  const [editing, setEditing] = useState<Meeting | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Meeting | null>(null);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('group.meetings')}
        </Title>
        {editable && <Button onClick={() => setEditing(null)}>{t('group.add_meeting')}</Button>}
      </Group>
      <PagedList
        query={meetings}
        label={t('group.meetings')}
        empty={t('group.meetings_empty')}
        renderItem={(m) => (
          <MeetingCard
            meeting={m}
            onEdit={editable ? () => setEditing(m) : undefined}
            onDelete={editable ? () => setDeleting(m) : undefined}
          />
        )}
        itemKey={(m) => m.id}
        page={page}
        onPageChange={setPage}
      />
      {editable && (
        <>
          <Modal
            opened={editing !== undefined}
            onClose={() => setEditing(undefined)}
            title={editing ? t('group.edit_meeting') : t('group.add_meeting')}
          >
            {editing !== undefined && (
              <MeetingForm courseId={courseId} meeting={editing} onDone={() => setEditing(undefined)} />
            )}
          </Modal>
          <Modal
            opened={deleting !== null}
            onClose={() => setDeleting(null)}
            title={t('group.delete_meeting')}
          >
            <Text mb="md">{t('group.delete_confirm')}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(null)}>
                {t('group.cancel')}
              </Button>
              <Button
                color="red"
                loading={remove.isPending}
                onClick={() => {
                  if (!deleting) return;
                  remove.mutate(deleting.id, {
                    onSuccess: () => notify.success(t('group.deleted')),
                    onSettled: () => setDeleting(null),
                  });
                }}
              >
                {t('group.delete_meeting')}
              </Button>
            </Group>
          </Modal>
        </>
      )}
    </Stack>
  );
}

/** On a small group's page, instead of "Attend": my request or membership, the meeting log and my attestation. */
export function SmallGroupPanel({ course }: { course: Course }) {
  const { t } = useTranslation('course_records');
  const status = useGroupStatus(course.id);
  const [busy, setBusy] = useState(false);
  const s = status.data;
  if (!s) return null;
  const seats =
    s.max_members !== null ? (
      <Text size="sm">{t('group.members', { count: s.members_count, max: s.max_members })}</Text>
    ) : null;
  if (s.is_organiser) {
    return (
      <Stack gap="xs">
        {seats}
        <Anchor component={Link} to={paths.myCourse.href({ id: course.id })}>
          {t('group.requests')}
        </Anchor>
      </Stack>
    );
  }
  if (s.is_member) {
    const attestation = async () => {
      setBusy(true);
      try {
        await downloadAttestation(course.id);
      } catch {
        // The API client has shown the reason.
      } finally {
        setBusy(false);
      }
    };
    return (
      <Stack gap="md">
        <Alert color="green" py="xs">
          {t('group.member')}
        </Alert>
        {seats}
        <MeetingLog courseId={course.id} editable={false} />
        <Group>
          <Button variant="default" loading={busy} onClick={() => void attestation()}>
            {t('group.attestation')}
          </Button>
        </Group>
      </Stack>
    );
  }
  if (course.status !== 'approved') return null;
  return (
    <Stack gap="sm">
      {seats}
      {s.request?.status === 'pending' ? (
        <Alert color="yellow" py="xs">
          {t('group.pending')}
        </Alert>
      ) : (
        <>
          <Alert color={s.request?.status === 'declined' ? 'gray' : 'blue'} py="xs">
            {s.request?.status === 'declined' ? t('group.declined') : t('group.closed_info')}
          </Alert>
          <JoinRequestForm courseId={course.id} />
        </>
      )}
    </Stack>
  );
}

/** On the organiser's page of a small group: pending requests (accept, decline) and the editable meeting log. */
export function SmallGroupOrganiser({ courseId }: { courseId: number }) {
  const { t } = useTranslation('course_records');
  const [page, setPage] = useState(1);
  const requests = useJoinRequests(courseId, 'pending', page);
  const decide = useDecideJoinRequest(courseId);
  const locale = useLocale();
  const answer = (requestId: number, accept: boolean) =>
    decide.mutate(
      { requestId, accept },
      { onSuccess: () => notify.success(accept ? t('group.accepted_done') : t('group.declined_done')) },
    );
  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('group.requests')}
        </Title>
        <PagedList
          query={requests}
          label={t('group.requests')}
          empty={t('group.requests_empty')}
          renderItem={(r) => (
            <Card withBorder padding="sm" component="article" aria-label={fullName(r.user)}>
              <Stack gap={4}>
                <Group justify="space-between">
                  <Anchor component={Link} to={paths.profileBySlug.href({ slug: r.user.slug })} fw={600}>
                    {fullName(r.user)}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {formatDate(r.created_at, locale)}
                  </Text>
                </Group>
                {r.message && <Text size="sm">{r.message}</Text>}
                <Group gap="xs">
                  <Button
                    size="xs"
                    onClick={() => answer(r.id, true)}
                    aria-label={t('group.accept_named', { name: fullName(r.user) })}
                  >
                    {t('group.accept')}
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => answer(r.id, false)}
                    aria-label={t('group.decline_named', { name: fullName(r.user) })}
                  >
                    {t('group.decline')}
                  </Button>
                </Group>
              </Stack>
            </Card>
          )}
          itemKey={(r) => r.id}
          page={page}
          onPageChange={setPage}
        />
      </Stack>
      <MeetingLog courseId={courseId} editable />
    </Stack>
  );
}
