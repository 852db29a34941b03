import { type Job } from '@legenett/contracts';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLocale } from '@/shared/i18n/use-locale';
import { formatDate } from '@/shared/lib/dates';

/**
 * The card's tags: position type, county and category, each label once (a category named like the
 * position type, "Vikariat" and "Vikariat", showed twice).
 */
export function tagsOf(job: Pick<Job, 'county' | 'job_category'>, position: string): { key: string; label: string }[] {
  const tags = [
    { key: 'position', label: position },
    ...(job.county ? [{ key: 'county', label: job.county.name }] : []),
    ...(job.job_category ? [{ key: 'category', label: job.job_category.name }] : []),
  ];
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const folded = tag.label.trim().toLocaleLowerCase('nb');
    if (seen.has(folded)) return false;
    seen.add(folded);
    return true;
  });
}

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
          {tagsOf(job, t(`position.${job.position_type}`)).map((tag) => (
            <Badge key={tag.key} variant={tag.key === 'position' ? 'light' : 'outline'}>
              {tag.label}
            </Badge>
          ))}
        </Group>
        <Text size="sm" c="dimmed">
          {t('deadline')}: {formatDate(job.application_deadline, locale)}
        </Text>
      </Stack>
    </Card>
  );
}
