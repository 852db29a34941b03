import { type Course } from '@legenett/contracts';
import { AspectRatio, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UploadedVideo } from './course-video-player';
import { embedSrc } from './format';

/**
 * Plays an event in the page: its uploaded video (a signed address, played in ranges), else its
 * (sanitised) embed, else a link to its video. Nothing when it has none.
 */
export function CoursePlayer({ course }: { course: Course }) {
  const { t } = useTranslation('courses');
  if (course.video_url) return <UploadedVideo course={course} src={course.video_url} />;
  const src = embedSrc(course.embed_code);
  if (src) {
    return (
      <AspectRatio ratio={16 / 9} mt="xs">
        <iframe
          src={src}
          title={course.title}
          allow="autoplay; fullscreen; picture-in-picture"
          allowFullScreen
          style={{ border: 0 }}
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </AspectRatio>
    );
  }
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
