// Its styles load with the charts, not in the start-up stylesheet.
import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { downloadAttendance, useCourseAnalytics } from '../api/courses';

/** The organiser's view of an event: sign-ups, attendance, minutes, staying to the end, concurrent viewers. */
export function CourseAnalyticsPanel({ courseId }: { courseId: number }) {
  const { t } = useTranslation('courses');
  const analytics = useCourseAnalytics(courseId);
  if (analytics.isPending) return <Skeleton height={200} />;
  if (analytics.isError || !analytics.data) return <Alert color="red">{t('load_failed')}</Alert>;
  const a = analytics.data;
  const stats: [string, string | number][] = [
    [t('analytics.sign_ups'), a.sign_ups],
    [t('analytics.waiting'), a.waiting],
    [t('analytics.attended'), a.attended],
    [t('analytics.no_shows'), a.no_shows],
    [t('analytics.live_minutes'), a.live_minutes],
    [t('analytics.replay_minutes'), a.replay_minutes],
    [t('analytics.total_minutes'), a.total_minutes],
    [t('analytics.average_minutes'), a.average_minutes],
    [t('analytics.share_to_end'), `${Math.round(a.share_to_end * 100)} %`],
    [t('analytics.peak_concurrent'), a.peak_concurrent],
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
          yAxisProps={{ allowDecimals: false }}
        />
      </div>
    </Stack>
  );
}
