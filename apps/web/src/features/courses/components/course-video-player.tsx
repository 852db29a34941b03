import { type Course } from '@legenett/contracts';
import { AspectRatio } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UnavailableHere } from '@/shared/ui/unavailable-here';

/**
 * A webinar's uploaded video. While the event is live, someone joining late starts where the
 * broadcast is (seconds since the start, by the server's clock); afterwards it plays from the start.
 */
export function UploadedVideo({ course, src }: { course: Course; src: string }) {
  const { t } = useTranslation('course_webinar');
  const liveOffset = course.is_live
    ? Math.max(0, (Date.parse(course.server_time) - Date.parse(course.start_at)) / 1000)
    : 0;
  const [failed, setFailed] = useState(false);
  if (failed) return <UnavailableHere />;
  return (
    <AspectRatio ratio={16 / 9} mt="xs">
      <video
        src={src}
        controls
        preload="metadata"
        playsInline
        aria-label={t('player_label', { title: course.title })}
        style={{ background: 'black', width: '100%' }}
        onError={() => setFailed(true)}
        onLoadedMetadata={(e) => {
          const video = e.currentTarget;
          if (liveOffset > 0 && liveOffset < video.duration) video.currentTime = liveOffset;
        }}
      />
    </AspectRatio>
  );
}
