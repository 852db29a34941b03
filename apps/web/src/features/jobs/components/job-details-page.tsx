import { type Job } from '@legenett/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { SendMessageButton } from '@/shared/messages/send-message-button';
import { useLocale } from '@/shared/i18n/use-locale';
import { formatDate } from '@/shared/lib/dates';
import { notify } from '@/shared/ui/notify';
import { Page } from '@/shared/ui/page';
import { useCloseJob, useJob, useMarkAsViewed } from '../api/jobs';

function Facts({ job }: { job: Job }) {
  const { t } = useTranslation('jobs');
  const locale = useLocale();
  const date = (v: string | null) => (v ? formatDate(v, locale) : null);
  const rows: [string, string | null][] = [
    [t('field.company_name'), job.company_name],
    [t('field.organisation_number'), job.organisation_number],
    [t('field.job_category_id'), job.job_category?.name ?? null],
    [t('field.position_type'), t(`position.${job.position_type}`)],
    [t('field.specialty_ids'), job.specialities.map((s) => s.name).join(', ') || null],
    [t('field.workplace_type'), job.workplace_type ? t(`workplace.${job.workplace_type}`) : null],
    [t('field.work_address'), job.work_address],
    [t('field.address_line'), job.address_line],
    [t('field.postal_code'), job.postal_code],
    [t('field.city_area'), job.city_area ?? job.city?.name ?? null],
    [t('field.county_id'), job.county?.name ?? null],
    [t('field.contact_person'), job.contact_person],
    [t('field.phone'), job.phone],
    [t('field.application_deadline'), date(job.application_deadline)],
    [t('field.hiring_date'), date(job.hiring_date)],
    [t('field.published_on'), date(job.published_at)],
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

/** `/jobs/details/:id` (counts the view) and `/my_jobs/details/:id` (edit and close). */
export function JobDetailsPage({ mine }: { mine: boolean }) {
  const { t } = useTranslation('jobs');
  const id = Number(useParams().id);
  const job = useJob(id, mine);
  const markViewed = useMarkAsViewed();
  const close = useCloseJob();
  const [confirming, setConfirming] = useState(false);
  const { mutate } = markViewed;

  useEffect(() => {
    if (!mine && Number.isInteger(id) && id > 0) mutate(id);
  }, [id, mine, mutate]);

  if (job.isPending) return <Skeleton height={240} mt="md" />;
  if (job.isError || !job.data)
    return (
      <Alert color="red" mt="md">
        {t('not_found')}
      </Alert>
    );
  const j = job.data;

  return (
    <Page title={j.title}>
      <Stack gap="md">
        <Group gap="xs">
          <Badge variant="light">{t(`position.${j.position_type}`)}</Badge>
          {j.is_archived && (
            <Badge color="gray">{j.status === 'closed' ? t('closed_badge') : t('archived_badge')}</Badge>
          )}
          <Text size="sm" c="dimmed">
            {t('views', { count: j.views_count })}
          </Text>
        </Group>
        {j.company_logo && (
          <Image src={j.company_logo} alt={t('field.company_logo')} maw={200} fit="contain" />
        )}
        <Text style={{ whiteSpace: 'pre-wrap' }}>{j.description}</Text>
        {j.recruiting_link && (
          <Anchor href={j.recruiting_link} target="_blank" rel="noopener noreferrer">
            {t('apply')}
          </Anchor>
        )}
        <Title order={2} size="h4">
          {t('details')}
        </Title>
        <Facts job={j} />
        <Group>
          <Button variant="default" component={Link} to={mine ? paths.myJobs.href() : paths.jobs.href()}>
            {t('back')}
          </Button>
          <SendMessageButton target={{ topic: 'job', id: j.id }} name={j.company_name} title={j.title} own={mine || j.can_edit} />
          {j.can_edit && (
            <Button component={Link} to={paths.jobUpdate.href({ id: j.id })}>
              {t('edit')}
            </Button>
          )}
          {mine && j.status === 'published' && (
            <Button color="red" variant="light" onClick={() => setConfirming(true)}>
              {t('close')}
            </Button>
          )}
        </Group>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('close')}>
        <Text mb="md">{t('close_confirm')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('cancel')}
          </Button>
          <Button
            color="red"
            loading={close.isPending}
            onClick={() =>
              close.mutate(j.id, {
                onSuccess: () => {
                  setConfirming(false);
                  notify.success(t('closed_done'));
                },
              })
            }
          >
            {t('close')}
          </Button>
        </Group>
      </Modal>
    </Page>
  );
}
