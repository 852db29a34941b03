import { type MediaItem } from '@legenett/contracts';
import { Anchor, Badge, Card, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { useLocale } from '@/shared/i18n/use-locale';
import { formatDate, formatDuration, percentOf } from '../format';

/** One video or track in a list: poster, title (link), category, duration, date, progress bar. */
export function MediaCard({ item }: { item: MediaItem }) {
  const { t } = useTranslation('media');
  const locale = useLocale();
  const href =
    item.kind === 'video' ? paths.video.href({ id: item.id }) : paths.audioItem.href({ id: item.id });
  const percent = item.progress
    ? item.progress.completed
      ? 100
      : percentOf(item.progress.position_seconds, item.duration_seconds)
    : null;
  return (
    <Card withBorder padding="sm" component="article" aria-label={item.title} h="100%">
      {item.kind === 'video' && (
        <Card.Section>
          {item.poster_url ? (
            <Image src={item.poster_url} alt="" h={150} fit="cover" loading="lazy" />
          ) : (
            <div style={{ height: 150, background: 'var(--mantine-color-default-hover)' }} aria-hidden />
          )}
        </Card.Section>
      )}
      <Stack gap={4} mt={item.kind === 'video' ? 'sm' : 0}>
        <Anchor component={Link} to={href} fw={600}>
          {item.title}
        </Anchor>
        <Group gap="xs">
          {item.category && <Badge variant="light">{item.category.name}</Badge>}
          <Text size="xs" c="dimmed">
            {formatDuration(item.duration_seconds)} · {formatDate(item.published_at, locale)}
          </Text>
        </Group>
        {percent !== null && (
          <Progress.Root size="sm">
            <Progress.Section
              value={percent}
              aria-label={item.progress?.completed ? t('completed') : t('progress', { percent })}
            />
          </Progress.Root>
        )}
      </Stack>
    </Card>
  );
}
