import { type MediaDetail } from '@legenett/contracts';
import { AspectRatio, Button, Group, Select, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/use-locale';
import { UnavailableHere } from '@/shared/ui/unavailable-here';
import { fetchMediaItem } from '../api/media';
import { formatDuration } from '../format';
import { playQuietly, speedOptions } from './speeds';
import { usePositionSaver } from './use-position-saver';

/**
 * The video player: native controls (keyboard accessible), poster frame, WebVTT captions when there
 * are any, playback speed, resume from the saved position, positions saved as it plays.
 */
export function VideoPlayer({
  item,
  startAt: requested = null,
}: {
  item: MediaDetail;
  startAt?: number | null;
}) {
  const { t } = useTranslation('media');
  const locale = useLocale();
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [speed, setSpeed] = useState('1');
  const [resumed, setResumed] = useState(false);
  // A caption hit's second wins over the saved position.
  const startAt = useRef(requested ?? item.resume_from_seconds);
  const resumedFrom = useRef(startAt.current);
  usePositionSaver('video', item.id, video);

  useEffect(() => {
    if (video) video.playbackRate = Number(speed);
  }, [video, speed]);

  // A signed URL that expired while the page stayed open: a fresh one, from the same second. A file
  // that fails again (or has no address) is "not available here", not a black box.
  const [failed, setFailed] = useState(false);
  const retried = useRef(false);
  const onError = () => {
    if (!video) return;
    if (retried.current) {
      setFailed(true);
      return;
    }
    retried.current = true;
    const at = video.currentTime;
    const wasPlaying = !video.paused;
    void fetchMediaItem('video', item.id)
      .then((fresh) => {
        if (!fresh.stream_url) {
          setFailed(true);
          return;
        }
        video.src = fresh.stream_url;
        video.currentTime = at;
        if (wasPlaying) playQuietly(video);
      })
      .catch(() => setFailed(true));
  };

  if (failed || !item.stream_url) return <UnavailableHere />;
  return (
    <div>
      <AspectRatio ratio={16 / 9}>
        <video
          ref={setVideo}
          controls
          preload="metadata"
          poster={item.poster_url ?? undefined}
          src={item.stream_url ?? undefined}
          aria-label={item.title}
          style={{ background: 'var(--mantine-color-black)', width: '100%', height: '100%' }}
          onLoadedMetadata={(e) => {
            if (startAt.current > 0) {
              e.currentTarget.currentTime = startAt.current;
              setResumed(requested === null);
              startAt.current = 0;
            }
            e.currentTarget.playbackRate = Number(speed);
          }}
          onError={onError}
        >
          {item.captions_url && (
            <track kind="captions" src={item.captions_url} srcLang={locale} label={t('captions')} default />
          )}
        </video>
      </AspectRatio>
      <Group justify="space-between" mt="xs" wrap="wrap">
        {resumed ? (
          <Group gap="xs">
            <Text size="sm" role="status">
              {t('resumed', { time: formatDuration(resumedFrom.current) })}
            </Text>
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => {
                if (video) video.currentTime = 0;
                setResumed(false);
              }}
            >
              {t('start_over')}
            </Button>
          </Group>
        ) : (
          <span />
        )}
        <Select
          label={t('speed')}
          data={speedOptions(locale)}
          value={speed}
          onChange={(v) => setSpeed(v ?? '1')}
          w={180}
          size="xs"
          allowDeselect={false}
        />
      </Group>
    </div>
  );
}
