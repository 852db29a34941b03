import { type CourseLogEntry, type CourseLogTotals } from '@legenett/contracts';
import { Anchor, Badge, Button, Card, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { useLocale } from '@/shared/i18n/use-locale';
import { formatDateTime } from '@/shared/lib/dates';
import { formatNumber } from '@/shared/lib/numbers';
import { usePageParam } from '@/shared/lib/use-query-params';
import { PagedList } from '@/shared/ui/paged-list';
import { downloadCertificate, useCourseLog } from '../api/course-records';
import { courseKeys } from '../api/keys';

/** One event of my log: when, minutes live and as a recording, credit hours, and the certificate when earned. */
function LogEntry({ entry }: { entry: CourseLogEntry }) {
  const { t } = useTranslation('course_records');
  const { t: tc } = useTranslation('courses');
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const c = entry.course;
  const percent = Math.min(100, Math.floor(entry.share_watched * 100));
  const download = async () => {
    setBusy(true);
    try {
      await downloadCertificate(c.id);
      // The first download issues the certificate: the log then shows its verification code.
      if (!entry.certificate_code) void queryClient.invalidateQueries({ queryKey: courseKeys.logs() });
    } catch {
      // The API client has shown the reason.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="md" component="article" aria-label={c.title}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Anchor component={Link} to={paths.webinar.href({ id: c.id, type: c.type })} fw={600}>
            {c.title}
          </Anchor>
          <Badge variant="light" style={{ flexShrink: 0 }}>
            {tc(`type.${c.type}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {formatDateTime(c.start_at, locale)} · {tc(`duration.${c.duration_minutes}` as 'duration.60')}
        </Text>
        <Text size="sm">
          {t('log.watched', { minutes: entry.minutes_watched, duration: c.duration_minutes, percent })}
        </Text>
        <Progress
          value={percent}
          aria-hidden
          size="sm"
          color={entry.certificate_available ? 'green' : 'gray'}
        />
        <Group gap="md">
          <Text size="sm">{t('log.minutes_live', { minutes: entry.minutes_live })}</Text>
          <Text size="sm">{t('log.minutes_replay', { minutes: entry.minutes_replay })}</Text>
          <Text size="sm" fw={600}>
            {c.credit_hours !== null
              ? t('log.credit_hours', { hours: formatNumber(c.credit_hours, locale) })
              : t('log.no_credit')}
          </Text>
        </Group>
        {entry.certificate_available ? (
          <Group gap="sm">
            <Button
              size="sm"
              loading={busy}
              onClick={() => void download()}
              aria-label={t('log.download_for', { title: c.title })}
            >
              {t('log.download')}
            </Button>
            {entry.certificate_code && (
              <Anchor
                component={Link}
                to={paths.certificate.href({ code: entry.certificate_code })}
                size="sm"
              >
                {t('log.verify_link', { code: entry.certificate_code })}
              </Anchor>
            )}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('log.not_available')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** The whole log's sum (every page): credit hours of the events whose certificate is available. */
function LogTotals({ totals }: { totals: CourseLogTotals }) {
  const { t } = useTranslation('course_records');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="course-log-totals">
      <Text id="course-log-totals" size="sm" c="dimmed">
        {t('log.totals_title')}
      </Text>
      <Text fz="xl" fw={700}>
        {t('log.totals_hours', { count: totals.credit_hours })}
      </Text>
      <Text size="sm">{t('log.totals_certificates', { count: totals.certificates })}</Text>
    </Paper>
  );
}

/** `/my_courses?tab=log`: events I watched or attended, my minutes, credit hours and certificates. */
export function CourseLog() {
  const { t } = useTranslation('course_records');
  const [page, setPage] = usePageParam();
  const log = useCourseLog(page);
  return (
    <Stack gap="md">
      {log.data && log.data.data.length > 0 && <LogTotals totals={log.data.totals} />}
      <PagedList
        query={log}
        label={t('log.label')}
        empty={t('log.empty')}
        error={t('log.load_failed')}
        renderItem={(e) => <LogEntry entry={e} />}
        itemKey={(e) => e.course.id}
        page={page}
        onPageChange={setPage}
      />
    </Stack>
  );
}
