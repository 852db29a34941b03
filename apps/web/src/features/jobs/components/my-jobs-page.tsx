import { Alert, Button, Group, Pagination, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '@/shared/auth/auth-store';
import { paths } from '@/shared/config/paths';
import { Page } from '@/shared/ui/page';
import { useMyJobs } from '../api/jobs';
import { JobCard } from './job-card';

/** `/my_jobs`: own current jobs and past (closed or expired) ones, tab and page in the URL. */
export function MyJobsPage() {
  const { t } = useTranslation('jobs');
  const [params, setParams] = useSearchParams();
  const status = params.get('tab') === 'past' ? 'past' : 'current';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const jobs = useMyJobs(status, page);
  // The permissions list decides which features show (spec point 6).
  const canCreate = useCurrentUser()?.permissions.includes('jobs-create') ?? false;
  const go = (tab: string, p = 1) => setParams(p > 1 ? { tab, page: String(p) } : { tab });

  return (
    <Page title={t('my_jobs')} size="lg">
      {canCreate && (
        <Group justify="flex-end" mb="sm">
          <Button component={Link} to={paths.jobCreate.href()}>
            {t('create')}
          </Button>
        </Group>
      )}
      <Tabs value={status} onChange={(v) => go(v ?? 'current')} mb="md">
        <Tabs.List>
          <Tabs.Tab value="current">{t('current_tab')}</Tabs.Tab>
          <Tabs.Tab value="past">{t('past_tab')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {jobs.isError && <Alert color="red">{t('load_failed')}</Alert>}
      {jobs.isPending && <Skeleton height={120} />}
      {jobs.data && (
        <Stack gap="sm">
          {jobs.data.data.length === 0 && <Text>{t('empty')}</Text>}
          {jobs.data.data.map((job) => (
            <JobCard key={job.id} job={job} href={paths.myJobDetails.href({ id: job.id })} />
          ))}
          {jobs.data.meta.last_page > 1 && (
            <Pagination total={jobs.data.meta.last_page} value={jobs.data.meta.current_page} onChange={(p) => go(status, p)} />
          )}
        </Stack>
      )}
    </Page>
  );
}
