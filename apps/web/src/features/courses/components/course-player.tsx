import { type Course } from '@legenett/contracts';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UploadedVideo } from './course-video-player';
import { embedSrc } from '@/shared/lib/embed';
import { EmbedFrame } from '@/shared/ui/unavailable-here';

/**
 * Plays an event in the page: its uploaded video (a signed address, played in ranges), else its
 * (sanitised) embed, else a link to its video. Nothing when it has none.
 */
export function CoursePlayer({ course }: { course: Course }) {
  const { t } = useTranslation('courses');
  if (course.video_url) return <UploadedVideo course={course} src={course.video_url} />;
  const src = embedSrc(course.embed_code);
  // A player that does not load says so (UnavailableHere), never a blank box.
  if (src) return <EmbedFrame src={src} title={course.title} />;
  if (course.video_link) {
    return (
      <Button
        component="a"
        href={course.video_link}
        target="_blank"
        rel="noopener noreferrer"
        variant="light"
        mt="xs"
      >
        {t('watch')}
      </Button>
    );
  }
  return null;
}
