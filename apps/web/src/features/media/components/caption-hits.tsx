import { type MediaKind } from '@legenett/contracts';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { useCaptionSearch } from '../api/media';
import { formatDuration } from '../format';

/** Search hits inside captions, each linking to the second it is said (`?t=`). */
export function CaptionHits({ kind, search }: { kind: MediaKind; search: string | undefined }) {
  const { t } = useTranslation('media');
  const hits = useCaptionSearch(kind, search);
  const list = hits.data ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-label={t('caption_hits')}>
      <Title order={2} size="h4" mb="xs">
        {t('caption_hits')}
      </Title>
      <Stack gap="xs" mb="lg" component="ul" style={{ listStyle: 'none', padding: 0 }}>
        {list.map((hit) => {
          const base =
            kind === 'video'
              ? paths.video.href({ id: hit.item.id })
              : paths.audioItem.href({ id: hit.item.id });
          return (
            <li key={`${hit.item.id}-${hit.start_seconds}-${hit.text}`}>
              <Anchor component={Link} to={`${base}?t=${hit.start_seconds}`} fw={600}>
                {t('caption_hit_at', { time: formatDuration(hit.start_seconds), title: hit.item.title })}
              </Anchor>
              <Text size="sm" c="dimmed">
                «{hit.text}»
              </Text>
            </li>
          );
        })}
      </Stack>
    </section>
  );
}
