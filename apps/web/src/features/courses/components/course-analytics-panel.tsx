// Its styles load with the charts, not in the start-up stylesheet.
import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Course } from '@legenett/contracts';
import { useLocale } from '@/shared/i18n/use-locale';
import { numberFormat } from '@/shared/lib/numbers';
import { downloadAttendance, useCourseAnalytics } from '../api/courses';

/**
 * The organiser's view of an event: sign-ups and attendance always; viewing minutes, staying to the
 * end and the viewer chart only for a webinar once it has started (an in-person event has no player,
 * and before the start there is nothing to count: an empty state says so).
 */
export function CourseAnalyticsPanel({ course }: { course: Course }) {
  const { t } = useTranslation('courses');
  const locale = useLocale();
  const courseId = course.id;
  const analytics = useCourseAnalytics(courseId);
  if (analytics.isPending) return <Skeleton height={200} />;
  if (analytics.isError || !analytics.data) return <Alert color="red">{t('load_failed')}</Alert>;
  const a = analytics.data;
  const number = numberFormat(locale);
  const percent = numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const viewing = course.type === 'webinar' && (course.is_live || course.is_past);
  const stats: [string, string][] = [
    [t('analytics.sign_ups'), number.format(a.sign_ups)],
    [t('analytics.waiting'), number.format(a.waiting)],
    ...(viewing
      ? ([
          [t('analytics.attended'), number.format(a.attended)],
          [t('analytics.no_shows'), number.format(a.no_shows)],
          [t('analytics.live_minutes'), number.format(a.live_minutes)],
          [t('analytics.replay_minutes'), number.format(a.replay_minutes)],
          [t('analytics.total_minutes'), number.format(a.total_minutes)],
          [t('analytics.average_minutes'), number.format(a.average_minutes)],
          [t('analytics.share_to_end'), percent.format(a.share_to_end)],
          [t('analytics.peak_concurrent'), number.format(a.peak_concurrent)],
        ] as [string, string][])
      : []),
  ];
  return (
    <Stack gap="sm" component="section" aria-labelledby="course-analytics-title">
      <Group justify="space-between">
        <Title order={2} size="h3" id="course-analytics-title">
          {t('analytics.title')}
        </Title>
        <Button variant="default" onClick={() => void downloadAttendance(courseId)}>
          {t('analytics.export')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }}>
        {stats.map(([label, value]) => (
          <Paper key={label} withBorder p="xs">
            <Text size="xs">{label}</Text>
            <Text fw={700} fz="lg">
              {value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {viewing ? (
        <>
          <Text fw={600} id="course-analytics-chart">
            {t('analytics.chart')}
          </Text>
          <div role="img" aria-labelledby="course-analytics-chart">
            <LineChart
              h={240}
              data={a.concurrent}
              dataKey="minute"
              series={[{ name: 'viewers', label: t('analytics.viewers'), color: 'blue.6' }]}
              curveType="stepAfter"
              withDots={false}
              xAxisLabel={t('analytics.minute')}
              yAxisLabel={t('analytics.viewers')}
              // An even time axis: minutes as numbers, ticks every quarter of an hour.
              xAxisProps={{
                type: 'number',
                domain: [0, course.duration_minutes],
                ticks: Array.from({ length: Math.floor(course.duration_minutes / 15) + 1 }, (_, i) => i * 15),
              }}
              yAxisProps={{ allowDecimals: false }}
            />
          </div>
        </>
      ) : (
        <Alert variant="light">
          {course.type === 'webinar' ? t('analytics.before_start') : t('analytics.in_person')}
        </Alert>
      )}
    </Stack>
  );
}
