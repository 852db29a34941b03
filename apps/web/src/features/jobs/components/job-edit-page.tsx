import { Alert, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Page } from '@/shared/ui/page';
import { useJob } from '../api/jobs';
import { JobForm } from './job-form';

/** `/jobs/create` and `/jobs/update/:id`. */
export function JobEditPage({ create }: { create: boolean }) {
  const { t } = useTranslation('jobs');
  const id = Number(useParams().id);
  const job = useJob(create ? 0 : id, true);
  if (create) {
    return (
      <Page title={t('create_title')}>
        <JobForm job={null} />
      </Page>
    );
  }
  if (job.isPending) return <Skeleton height={400} mt="md" />;
  if (job.isError || !job.data)
    return (
      <Alert color="red" mt="md">
        {t('not_found')}
      </Alert>
    );
  return (
    <Page title={t('update_title')}>
      <JobForm job={job.data} />
    </Page>
  );
}
