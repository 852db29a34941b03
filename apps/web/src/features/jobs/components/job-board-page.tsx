import { JobListQuerySchema } from '@legenett/contracts';
import { Button, Group } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SaveAlertButton } from '@/shared/alerts/save-alert-button';
import { useCurrentUser } from '@/shared/auth/auth-store';
import { paths } from '@/shared/config/paths';
import { useQueryParams } from '@/shared/lib/use-query-params';
import { FilterDrawer } from '@/shared/ui/filter-drawer';
import { PagedList } from '@/shared/ui/paged-list';
import { Page } from '@/shared/ui/page';
import { useJobs } from '../api/jobs';
import { type JobFilterValues } from '../api/keys';
import { JobCard } from './job-card';
import { JobFilters } from './job-filters';

const FILTER_KEYS = ['search', 'speciality', 'workplace', 'county', 'category'] as const;

/** Reads the filters from the URL; anything invalid is dropped rather than sent. */
function filtersOf(params: URLSearchParams): { filters: JobFilterValues; page: number; showOld: boolean } {
  const raw = Object.fromEntries(
    [...params.entries()].filter(([k]) => [...FILTER_KEYS, 'page', 'show_old'].includes(k)),
  );
  const parsed = JobListQuerySchema.safeParse(raw);
  const q = parsed.success ? parsed.data : JobListQuerySchema.parse({});
  return {
    filters: {
      search: q.search || undefined,
      speciality: q.speciality,
      workplace: q.workplace,
      county: q.county,
      category: q.category,
    },
    page: q.page,
    showOld: q.show_old,
  };
}

/** `/jobs`: filters in the URL, current jobs first then archived ones under their own heading, "show old" jumps to the last page. */
export function JobBoardPage() {
  const { t } = useTranslation('jobs');
  const user = useCurrentUser();
  const [params, update] = useQueryParams();
  const { filters, page, showOld } = useMemo(() => filtersOf(params), [params]);
  const jobs = useJobs(filters, page, showOld);

  // Other filters change together and go back to the first page (useQueryParams); invalid ones are dropped.
  const onFilters = useCallback(
    (next: JobFilterValues) =>
      update({
        ...Object.fromEntries(
          FILTER_KEYS.map((key) => [key, next[key] === undefined ? null : String(next[key])]),
        ),
        show_old: null,
      }),
    [update],
  );

  return (
    <Page title={t('title')} size="lg">
      <Group justify="flex-end" mb="sm" gap="xs">
        <SaveAlertButton draft={{ type: 'job', filters }} />
        {user?.permissions.includes('jobs-create') && (
          <Button component={Link} to={paths.jobCreate.href()}>
            {t('create')}
          </Button>
        )}
      </Group>
      <FilterDrawer activeCount={FILTER_KEYS.filter((key) => filters[key] !== undefined).length}>
        <JobFilters value={filters} onChange={onFilters} />
      </FilterDrawer>
      <PagedList
        query={jobs}
        label={t('title')}
        empty={t('empty')}
        error={t('load_failed')}
        renderItem={(job) => <JobCard job={job} href={paths.jobDetails.href({ id: job.id })} />}
        itemKey={(job) => job.id}
        // The API appends archived jobs after the current ones (the spec's list rule): drawn apart under
        // their own heading, never among the current ones.
        ended={{
          is: (job) => job.is_archived,
          heading: (count) => t('archived_heading', { count }),
          noneCurrent: t('none_current'),
        }}
        // "Show old jobs" asks for the last page without naming it: the answer says which page it is.
        page={jobs.data?.meta.current_page ?? page}
        onPageChange={(p) => update({ page: p > 1 ? String(p) : null, show_old: null })}
        footer={
          <Button variant="subtle" onClick={() => update({ show_old: '1' })}>
            {t('show_old')}
          </Button>
        }
      />
    </Page>
  );
}
