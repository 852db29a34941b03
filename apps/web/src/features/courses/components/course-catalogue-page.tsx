import { COURSE_TABS, COURSE_TYPES, type CourseTab, type CourseType } from '@legenett/contracts';
import { Button, Group } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '@/shared/auth/auth-store';
import { paths } from '@/shared/config/paths';
import { SaveAlertButton } from '@/shared/alerts/save-alert-button';
import { useQueryParams } from '@/shared/lib/use-query-params';
import { FilterDrawer } from '@/shared/ui/filter-drawer';
import { FilterTabs } from '@/shared/ui/filter-tabs';
import { PagedList } from '@/shared/ui/paged-list';
import { Page } from '@/shared/ui/page';
import { type CourseFilterValues, useCourses } from '../api/courses';
import { CourseCard } from './course-card';
import { CourseFilters } from './course-filters';
import { CoursePlayer } from './course-player';

/** The catalogue's tabs; "TV" shows live webinars first, then past ones, each playable in the page. */
const PAGE_TABS = [...COURSE_TABS, 'tv'] as const;
type PageTab = (typeof PAGE_TABS)[number];

const positive = (v: string | null): number | undefined => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * Reads the spec's URL parameters (`pageNumber`, `filterBySpeciality`, `filterByCity`,
 * `filterByCounty`, `search`, `activeTab`, plus `type` and `show_old`); anything invalid is dropped.
 */
function stateOf(params: URLSearchParams) {
  const tabParam = params.get('activeTab');
  const tab: PageTab = (PAGE_TABS as readonly string[]).includes(tabParam ?? '')
    ? (tabParam as PageTab)
    : 'upcoming';
  const typeParam = params.get('type');
  const type = (COURSE_TYPES as readonly string[]).includes(typeParam ?? '')
    ? (typeParam as CourseType)
    : undefined;
  const filters: CourseFilterValues = {
    search: params.get('search')?.slice(0, 100) || undefined,
    speciality: positive(params.get('filterBySpeciality')),
    county: positive(params.get('filterByCounty')),
    city: positive(params.get('filterByCity')),
    // The TV tab is the live tab of webinars with something to play: live ones first, recordings appended.
    type: tab === 'tv' ? 'webinar' : type,
    playable: tab === 'tv' || undefined,
    activeTab: tab === 'tv' ? 'live' : (tab as CourseTab),
  };
  return {
    tab,
    filters,
    page: positive(params.get('pageNumber')) ?? 1,
    showOld: params.get('show_old') === '1',
  };
}

/** `/course/webinares`: tabs, filters and page in the URL, current events first then past ones. */
export function CourseCataloguePage() {
  const { t } = useTranslation('courses');
  const user = useCurrentUser();
  const [params, update] = useQueryParams();
  const { tab, filters, page, showOld } = useMemo(() => stateOf(params), [params]);
  const courses = useCourses(filters, page, showOld);

  const onFilters = useCallback(
    (next: CourseFilterValues) =>
      update({
        search: next.search ?? null,
        filterBySpeciality: next.speciality ? String(next.speciality) : null,
        filterByCounty: next.county ? String(next.county) : null,
        filterByCity: next.city ? String(next.city) : null,
        type: tab === 'tv' ? null : (next.type ?? null),
        pageNumber: null,
        show_old: null,
      }),
    [update, tab],
  );

  return (
    <Page title={t('title')} size="lg">
      <Group justify="flex-end" mb="sm" gap="xs">
        <SaveAlertButton
          draft={{
            type: 'course',
            filters: {
              search: filters.search,
              specialities: filters.speciality ? [filters.speciality] : [],
              counties: filters.county ? [filters.county] : [],
              cities: filters.city ? [filters.city] : [],
              type: filters.type,
            },
          }}
        />
        {user?.permissions.includes('course-create') && (
          <>
            <Button variant="default" component={Link} to={paths.myCourses.href()}>
              {t('my_courses')}
            </Button>
            <Button component={Link} to={paths.courseNew.href()}>
              {t('new_course')}
            </Button>
          </>
        )}
      </Group>
      <FilterTabs
        value={tab}
        tabs={PAGE_TABS.map((key) => ({ value: key, label: t(`tabs.${key}`) }))}
        onChange={(v) => update({ activeTab: v === 'upcoming' ? null : v, pageNumber: null, show_old: null })}
        label={t('title')}
        mb="md"
      >
        <FilterDrawer
          activeCount={
            [filters.search, filters.speciality, filters.county, filters.city, tab === 'tv' ? undefined : filters.type].filter(
              (v) => v !== undefined,
            ).length
          }
        >
          <CourseFilters value={filters} onChange={onFilters} showType={tab !== 'tv'} />
        </FilterDrawer>
        <PagedList
          query={courses}
          label={t(`tabs.${tab}`)}
          empty={t('empty')}
          error={t('load_failed')}
          renderItem={(course) => (
            <>
              <CourseCard course={course} href={paths.webinar.href({ id: course.id, type: course.type })} />
              {tab === 'tv' && <CoursePlayer course={course} />}
            </>
          )}
          itemKey={(course) => course.id}
          ended={
            tab === 'past'
              ? undefined
              : {
                  is: (course) => course.is_past,
                  heading: (count) => t('earlier_events', { count }),
                  noneCurrent: t(`none_current.${tab}`),
                }
          }
          page={courses.data?.meta.current_page ?? page}
          onPageChange={(p) => update({ pageNumber: p > 1 ? String(p) : null, show_old: null })}
          footer={
            tab !== 'past' && (
              <Button variant="subtle" onClick={() => update({ show_old: '1' })}>
                {t('show_old')}
              </Button>
            )
          }
        />
      </FilterTabs>
    </Page>
  );
}
