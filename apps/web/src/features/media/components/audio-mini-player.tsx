import { ActionIcon, Group, Paper, Select, Slider, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/use-locale';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { useExternalStore } from '@/shared/lib/external-store';
import { fetchMediaItem } from '../api/media';
import { audioPlayer, audioPlayerStore } from '../audio-player-store';
import { formatDuration } from '../format';
import { playQuietly, speedOptions } from './speeds';
import { usePositionSaver } from './use-position-saver';

/**
 * The sticky audio player at the bottom of every page (mounted once in the app layout): the track
 * keeps playing across SPA navigation; play/pause, position, speed, close; positions are saved.
 */
export function AudioMiniPlayer() {
  const { t } = useTranslation('media');
  const locale = useLocale();
  const track = useExternalStore(audioPlayerStore);
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [speed, setSpeed] = useState('1');
  usePositionSaver('audio', track?.id ?? null, audio);

  // A new track (or a new request to play): load it at its start and play.
  useEffect(() => {
    if (!audio || !track) return;
    if (audio.dataset.trackId !== String(track.id)) {
      audio.dataset.trackId = String(track.id);
      audio.src = track.src;
      audio.currentTime = track.startAt;
    }
    playQuietly(audio);
  }, [audio, track]);

  useEffect(() => {
    if (audio) audio.playbackRate = Number(speed);
  }, [audio, speed]);

  // A signed URL that expired mid-play: fetch a fresh one and go on from the same second.
  const onError = () => {
    if (!audio || !track) return;
    const at = audio.currentTime;
    void fetchMediaItem('audio', track.id)
      .then((item) => {
        if (!item.stream_url || audio.dataset.trackId !== String(track.id)) return;
        audio.src = item.stream_url;
        audio.currentTime = at;
        playQuietly(audio);
      })
      .catch(() => undefined);
  };

  return (
    <>
      <audio
        ref={setAudio}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
        onError={onError}
        data-testid="audio-mini-player-element"
      />
      {track && (
        <Paper
          component="section"
          aria-label={t('player_label')}
          shadow="md"
          withBorder
          p="xs"
          pos="fixed"
          bottom={0}
          left={0}
          right={0}
          style={{ zIndex: 150 }}
        >
          <Group gap="sm" wrap="nowrap" maw={1200} mx="auto">
            <ActionIcon
              size="lg"
              variant="filled"
              aria-label={playing ? t('pause') : t('play')}
              onClick={() => (audio?.paused ? playQuietly(audio) : audio?.pause())}
            >
              <span aria-hidden>{playing ? '❚❚' : '▶'}</span>
            </ActionIcon>
            <div style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                <VisuallyHidden>{t('now_playing')}: </VisuallyHidden>
                <Link to={paths.audioItem.href({ id: track.id })}>{track.title}</Link>
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Text size="xs" c="dimmed" w={48}>
                  {formatDuration(time)}
                </Text>
                <Slider
                  style={{ flex: 1 }}
                  min={0}
                  max={Math.max(1, Math.floor(duration || 0))}
                  value={Math.floor(time)}
                  onChange={(v) => {
                    if (audio) audio.currentTime = v;
                  }}
                  label={(v) => formatDuration(v)}
                  thumbLabel={t('seek')}
                  size="sm"
                />
                <Text size="xs" c="dimmed" w={48}>
                  {formatDuration(duration)}
                </Text>
              </Group>
            </div>
            <Select
              aria-label={t('speed')}
              data={speedOptions(locale)}
              value={speed}
              onChange={(v) => setSpeed(v ?? '1')}
              w={84}
              size="xs"
              allowDeselect={false}
              visibleFrom="xs"
            />
            <ActionIcon
              variant="subtle"
              aria-label={t('close_player')}
              onClick={() => {
                audio?.pause();
                if (audio) {
                  audio.removeAttribute('src');
                  delete audio.dataset.trackId;
                }
                audioPlayer.close();
              }}
            >
              <span aria-hidden>✕</span>
            </ActionIcon>
          </Group>
        </Paper>
      )}
      {/* Room at the end of the page, so the fixed player never covers its last lines. */}
      {track && <div style={{ height: 80 }} aria-hidden />}
    </>
  );
}
