import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '@/shared/auth/auth-store';
import { paths } from '@/shared/config/paths';
import { usePageParam, useQueryParams } from '@/shared/lib/use-query-params';
import { FilterTabs } from '@/shared/ui/filter-tabs';
import { PagedList } from '@/shared/ui/paged-list';
import { Page } from '@/shared/ui/page';
import { useAttending, useMyCourses } from '../api/courses';
import { CourseCard } from './course-card';
import { CourseLog } from './course-log';

const MY_TABS = ['organised', 'attending', 'attended', 'log'] as const;
type MyTab = (typeof MY_TABS)[number];

function Organised() {
  const { t } = useTranslation('courses');
  const [page, setPage] = usePageParam();
  const courses = useMyCourses({}, page);
  return (
    <PagedList
      query={courses}
      label={t('my_tabs.organised')}
      empty={t('empty')}
      error={t('load_failed')}
      renderItem={(c) => <CourseCard course={c} href={paths.myCourse.href({ id: c.id })} showStatus />}
      itemKey={(c) => c.id}
      page={page}
      onPageChange={setPage}
    />
  );
}

function Attendance({ when }: { when: 'upcoming' | 'past' }) {
  const { t } = useTranslation('courses');
  const [page, setPage] = usePageParam();
  const courses = useAttending(when, page);
  return (
    <PagedList
      query={courses}
      label={t(when === 'upcoming' ? 'my_tabs.attending' : 'my_tabs.attended')}
      empty={t('empty')}
      error={t('load_failed')}
      renderItem={(c) => <CourseCard course={c} href={paths.webinar.href({ id: c.id, type: c.type })} />}
      itemKey={(c) => c.id}
      page={page}
      onPageChange={setPage}
    />
  );
}

/** `/my_courses`: what I organise (any state), and my own course log (upcoming and attended). */
export function MyCoursesPage() {
  const { t } = useTranslation('courses');
  const { t: tr } = useTranslation('course_records');
  const user = useCurrentUser();
  const [params, update] = useQueryParams();
  const organiser = user?.permissions.includes('course-create') ?? false;
  const raw = params.get('tab');
  const fallback: MyTab = organiser ? 'organised' : 'attending';
  const tab: MyTab = (MY_TABS as readonly string[]).includes(raw ?? '') ? (raw as MyTab) : fallback;
  const tabs = MY_TABS.filter((key) => key !== 'organised' || organiser);
  return (
    <Page title={t('my_courses')} size="lg">
      {organiser && (
        <Group justify="flex-end" mb="sm">
          <Button component={Link} to={paths.courseNew.href()}>
            {t('new_course')}
          </Button>
        </Group>
      )}
      <FilterTabs
        value={tab}
        tabs={tabs.map((key) => ({
          value: key,
          label: key === 'log' ? tr('log.title') : t(`my_tabs.${key}`),
        }))}
        onChange={(v) => update({ tab: v })}
        label={t('my_courses')}
        mb="md"
      >
        {tab === 'organised' && <Organised />}
        {tab === 'attending' && <Attendance when="upcoming" />}
        {tab === 'attended' && <Attendance when="past" />}
        {tab === 'log' && <CourseLog />}
      </FilterTabs>
    </Page>
  );
}
