import { type Job } from '@legenett/contracts';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLocale } from '@/shared/i18n/use-locale';
import { formatDate } from '@/shared/lib/dates';

/** One job in a list: title (link), employer, place, position type, deadline and archive state. */
export function JobCard({ job, href }: { job: Job; href: string }) {
  const { t } = useTranslation('jobs');
  const locale = useLocale();
  return (
    <Card withBorder padding="md" component="article" aria-label={job.title}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor component={Link} to={href} fw={600} size="lg">
            {job.title}
          </Anchor>
          {job.is_archived && (
            <Badge color="gray" variant="light">
              {job.status === 'closed' ? t('closed_badge') : t('archived_badge')}
            </Badge>
          )}
        </Group>
        <Text size="sm">{job.company_name}</Text>
        <Group gap="xs">
          <Badge variant="light">{t(`position.${job.position_type}`)}</Badge>
          {job.county && <Badge variant="outline">{job.county.name}</Badge>}
          {job.job_category && <Badge variant="outline">{job.job_category.name}</Badge>}
        </Group>
        <Text size="sm" c="dimmed">
          {t('deadline')}: {formatDate(job.application_deadline, locale)}
        </Text>
      </Stack>
    </Card>
  );
}
