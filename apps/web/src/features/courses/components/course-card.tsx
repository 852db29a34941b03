import { type Course } from '@legenett/contracts';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLocale } from '@/shared/i18n/use-locale';
import { formatDateTime } from '@/shared/lib/dates';

/** One event in a list: type, title (link), start and length, place, seats, live or ended, sponsor. */
export function CourseCard({
  course,
  href,
  showStatus = false,
}: {
  course: Course;
  href: string;
  showStatus?: boolean;
}) {
  const { t } = useTranslation('courses');
  const locale = useLocale();
  const full = course.max_attendees !== null && course.attendees_count >= course.max_attendees;
  return (
    <Card withBorder padding="md" component="article" aria-label={course.title}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor component={Link} to={href} fw={600} size="lg">
            {course.title}
          </Anchor>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {course.is_live && <Badge color="red">{t('live_now')}</Badge>}
            {course.is_past && (
              <Badge color="gray" variant="light">
                {t('ended')}
              </Badge>
            )}
            {showStatus && <Badge variant="outline">{t(`status.${course.status}`)}</Badge>}
          </Group>
        </Group>
        <Group gap="xs">
          <Badge variant="light">{t(`type.${course.type}`)}</Badge>
          <Badge variant="outline">{t(`duration.${course.duration_minutes}` as 'duration.60')}</Badge>
          {course.county && <Badge variant="outline">{course.county.name}</Badge>}
          {course.city && course.city.name !== course.county?.name && (
            <Badge variant="outline">{course.city.name}</Badge>
          )}
          {course.credit_hours !== null && (
            <Badge variant="outline">{t('credit_hours', { count: course.credit_hours })}</Badge>
          )}
        </Group>
        <Text size="sm">
          <time dateTime={course.start_at}>{formatDateTime(course.start_at, locale)}</time>
          {course.host_name ? ` · ${course.host_name}` : ''}
        </Text>
        {course.sponsor_name && (
          <Text size="sm" fw={600}>
            {t('sponsored_by', { name: course.sponsor_name })}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {course.max_attendees !== null
            ? t('seats', { count: course.attendees_count, max: course.max_attendees })
            : t('attendees', { count: course.attendees_count })}
          {full && ` · ${t('full')}`}
          {course.my_subscription === 'attending' && ` · ${t('attending')}`}
          {course.my_subscription === 'waiting' &&
            ` · ${t('waiting', { position: course.my_waiting_position ?? '' })}`}
        </Text>
      </Stack>
    </Card>
  );
}
