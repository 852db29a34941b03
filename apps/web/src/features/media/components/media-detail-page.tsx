import { type MediaDetail, type MediaKind } from '@legenett/contracts';
import { Alert, Anchor, Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { useLocale } from '@/shared/i18n/use-locale';
import { useExternalStore } from '@/shared/lib/external-store';
import { Page } from '@/shared/ui/page';
import { embedSrc } from '@/shared/lib/embed';
import { EmbedFrame, UnavailableHere } from '@/shared/ui/unavailable-here';
import { useMediaItem } from '../api/media';
import { audioPlayer, audioPlayerStore } from '../audio-player-store';
import { formatDate, formatDuration } from '../format';
import { MediaCard } from './media-card';
import { VideoPlayer } from './video-player';

/** `?t=65` (a caption search hit): start there instead of the saved position. */
function useStartParam(): number | null {
  const [params] = useSearchParams();
  const n = Number(params.get('t'));
  return params.has('t') && Number.isInteger(n) && n >= 0 ? n : null;
}

function Player({ kind, item }: { kind: MediaKind; item: MediaDetail }) {
  const startParam = useStartParam();
  const { t } = useTranslation('media');
  const current = useExternalStore(audioPlayerStore);
  if (item.source === 'embed') {
    // The address of an allowed player only (the API made the markup: media/embed.ts).
    const src = embedSrc(item.embed_code);
    return src ? <EmbedFrame src={src} title={item.title} /> : <UnavailableHere />;
  }
  // An item that lives elsewhere (or whose file is missing): said in the page, not a new tab.
  if (item.source === 'url') return <UnavailableHere url={item.external_url} />;
  if (kind === 'video')
    return <VideoPlayer key={`${item.id}-${startParam ?? ''}`} item={item} startAt={startParam} />;
  const loaded = current?.id === item.id;
  return (
    <Button
      size="md"
      w="fit-content"
      // Once loaded, the sticky player at the bottom controls it.
      disabled={!item.stream_url || loaded}
      onClick={() =>
        item.stream_url &&
        audioPlayer.play({
          id: item.id,
          title: item.title,
          src: item.stream_url,
          poster: item.poster_url,
          startAt: startParam ?? (loaded ? 0 : item.resume_from_seconds),
        })
      }
    >
      {loaded ? t('now_playing') : t('play')}
    </Button>
  );
}

/** `/videos/:id` and `/audio/:id`: player, texts, category, duration, date, related items. */
export function MediaDetailPage({ kind }: { kind: MediaKind }) {
  const { t } = useTranslation('media');
  const locale = useLocale();
  const id = Number(useParams().id);
  const query = useMediaItem(kind, id);
  const back = kind === 'video' ? paths.videos.path : paths.audio.path;
  const backLabel = kind === 'video' ? t('back_videos') : t('back_audio');

  if (query.isPending && Number.isInteger(id) && id > 0)
    return <Page title={kind === 'video' ? t('videos_title') : t('audio_title')}>{null}</Page>;
  const item = query.data;
  if (!item) {
    return (
      <Page title={kind === 'video' ? t('videos_title') : t('audio_title')}>
        <Alert color="yellow">{t('not_found')}</Alert>
        <Anchor component={Link} to={back} mt="md" display="inline-block">
          {backLabel}
        </Anchor>
      </Page>
    );
  }
  return (
    <Page title={item.title} size="lg">
      <Stack gap="md">
        <Anchor component={Link} to={back}>
          ← {backLabel}
        </Anchor>
        <Player kind={kind} item={item} />
        <Group gap="md">
          {item.category && (
            <Badge
              variant="light"
              component={Link}
              to={`${back}?categories=${item.category.id}`}
              style={{ cursor: 'pointer' }}
            >
              {item.category.name}
            </Badge>
          )}
          <Text size="sm">
            {t('duration')}: {formatDuration(item.duration_seconds)}
          </Text>
          <Text size="sm">
            {t('published')}: {formatDate(item.published_at, locale)}
          </Text>
        </Group>
        {item.description && <Text style={{ whiteSpace: 'pre-line' }}>{item.description}</Text>}
        {item.related.length > 0 && (
          <section aria-label={t('related')}>
            <Title order={2} size="h4" mb="xs">
              {t('related')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} component="ul" style={{ listStyle: 'none', padding: 0 }}>
              {item.related.map((r) => (
                <li key={r.id}>
                  <MediaCard item={r} />
                </li>
              ))}
            </SimpleGrid>
          </section>
        )}
      </Stack>
    </Page>
  );
}
