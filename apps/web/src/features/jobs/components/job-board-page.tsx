import { JobListQuerySchema } from '@legenett/contracts';
import { Alert, Button, Group, Pagination, Skeleton, Stack, Text } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '@/shared/auth/auth-store';
import { paths } from '@/shared/config/paths';
import { Page } from '@/shared/ui/page';
import { type JobFilterValues, useJobs } from '../api/jobs';
import { JobCard } from './job-card';
import { JobFilters } from './job-filters';

const FILTER_KEYS = ['search', 'speciality', 'workplace', 'county', 'category'] as const;

/** Reads the filters from the URL; anything invalid is dropped rather than sent. */
function filtersOf(params: URLSearchParams): { filters: JobFilterValues; page: number; showOld: boolean } {
  const raw = Object.fromEntries([...params.entries()].filter(([k]) => [...FILTER_KEYS, 'page', 'show_old'].includes(k)));
  const parsed = JobListQuerySchema.safeParse(raw);
  const q = parsed.success ? parsed.data : JobListQuerySchema.parse({});
  return {
    filters: { search: q.search || undefined, speciality: q.speciality, workplace: q.workplace, county: q.county, category: q.category },
    page: q.page,
    showOld: q.show_old,
  };
}

/** `/jobs`: filters in the URL, current jobs first then old ones, "show old" jumps to the last page. */
export function JobBoardPage() {
  const { t } = useTranslation('jobs');
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const { filters, page, showOld } = useMemo(() => filtersOf(params), [params]);
  const jobs = useJobs(filters, page, showOld);

  const write = useCallback(
    (next: JobFilterValues, nextPage = 1, old = false) => {
      const out = new URLSearchParams();
      for (const key of FILTER_KEYS) if (next[key] !== undefined && next[key] !== '') out.set(key, String(next[key]));
      if (nextPage > 1) out.set('page', String(nextPage));
      if (old) out.set('show_old', '1');
      setParams(out);
    },
    [setParams],
  );
  const onFilters = useCallback((next: JobFilterValues) => write(next), [write]);

  const meta = jobs.data?.meta;
  return (
    <Page title={t('title')} size="lg">
      {user?.permissions.includes('jobs-create') && (
        <Group justify="flex-end" mb="sm">
          <Button component={Link} to={paths.jobCreate.href()}>
            {t('create')}
          </Button>
        </Group>
      )}
      <JobFilters value={filters} onChange={onFilters} />
      {jobs.isError && <Alert color="red">{t('load_failed')}</Alert>}
      {jobs.isPending && <Skeleton height={120} />}
      {jobs.data && (
        <Stack gap="sm">
          {jobs.data.data.length === 0 && <Text>{t('empty')}</Text>}
          {jobs.data.data.map((job) => (
            <JobCard key={job.id} job={job} href={paths.jobDetails.href({ id: job.id })} />
          ))}
          <Group justify="space-between">
            {meta && meta.last_page > 1 && (
              <Pagination
                total={meta.last_page}
                value={meta.current_page}
                onChange={(p) => write(filters, p)}
              />
            )}
            <Button variant="subtle" onClick={() => write(filters, 1, true)}>
              {t('show_old')}
            </Button>
          </Group>
        </Stack>
      )}
    </Page>
  );
}
