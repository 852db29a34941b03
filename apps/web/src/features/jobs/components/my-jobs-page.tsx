import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '@/shared/auth/auth-store';
import { paths } from '@/shared/config/paths';
import { usePageParam, useQueryParams } from '@/shared/lib/use-query-params';
import { FilterTabs } from '@/shared/ui/filter-tabs';
import { PagedList } from '@/shared/ui/paged-list';
import { Page } from '@/shared/ui/page';
import { useMyJobs } from '../api/jobs';
import { JobCard } from './job-card';

/** `/my_jobs`: own current jobs and past (closed or expired) ones, tab and page in the URL. */
export function MyJobsPage() {
  const { t } = useTranslation('jobs');
  const [params, update] = useQueryParams();
  const [page, setPage] = usePageParam();
  const status = params.get('tab') === 'past' ? 'past' : 'current';
  const jobs = useMyJobs(status, page);
  // The permissions list decides which features show (spec point 6).
  const canCreate = useCurrentUser()?.permissions.includes('jobs-create') ?? false;

  return (
    <Page title={t('my_jobs')} size="lg">
      {canCreate && (
        <Group justify="flex-end" mb="sm">
          <Button component={Link} to={paths.jobCreate.href()}>
            {t('create')}
          </Button>
        </Group>
      )}
      <FilterTabs
        value={status}
        tabs={[
          { value: 'current', label: t('current_tab') },
          { value: 'past', label: t('past_tab') },
        ]}
        onChange={(v) => update({ tab: v === 'past' ? 'past' : null })}
        label={t('my_jobs')}
      >
        <PagedList
          query={jobs}
          label={status === 'past' ? t('past_tab') : t('current_tab')}
          empty={t('empty')}
          error={t('load_failed')}
          renderItem={(job) => <JobCard job={job} href={paths.myJobDetails.href({ id: job.id })} />}
          itemKey={(job) => job.id}
          page={page}
          onPageChange={setPage}
        />
      </FilterTabs>
    </Page>
  );
}
