import { COURSE_VIDEO_FIELD, COURSE_VIDEO_LEAD_MS, type Course } from '@legenett/contracts';
import { Box, Button, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useContractForm } from '@/shared/forms/contract-form';
import { useLocale } from '@/shared/i18n/use-locale';
import { formatDateTime } from '@/shared/lib/dates';
import { FilePicker } from '@/shared/ui/file-picker';
import { notify } from '@/shared/ui/notify';
import { useUploadCourseVideo } from '../api/course-video';
import { UploadedVideo } from './course-video-player';

/** The upload has no fields of its own besides the file (the API checks the file: a 422 on `video`). */
const NoFields = z.object({});

/**
 * The organiser's webinar video on `/my_courses/:id`: what is uploaded (played here), the deadline
 * (2 days before the start, as the API enforces), and an upload with a progress bar.
 */
export function CourseVideoUpload({ course }: { course: Course }) {
  const { t } = useTranslation('course_webinar');
  const locale = useLocale();
  const upload = useUploadCourseVideo();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useContractForm(NoFields);
  const deadline = new Date(Date.parse(course.start_at) - COURSE_VIDEO_LEAD_MS).toISOString();
  const open = Date.parse(course.server_time) <= Date.parse(deadline);

  // A 422 on the file stands under the picker (and, as every 422, in a toast).
  const send = form.submit(
    async () => {
      const file = files[0];
      if (!file) {
        setError(t('errors.missing'));
        return;
      }
      setError(null);
      setProgress(0);
      try {
        await upload.mutateAsync({ id: course.id, file, onProgress: setProgress });
        notify.success(t('uploaded'));
        setFiles([]);
      } finally {
        setProgress(null);
      }
    },
    (field, message) => field === COURSE_VIDEO_FIELD && setError(message),
  );

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`course-video-${course.id}`}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={`course-video-${course.id}`}>
          {t('video')}
        </Title>
        {course.video_url ? (
          <>
            {course.video_uploaded_at && (
              <Text size="sm" c="dimmed">
                {t('uploaded_at', { date: formatDateTime(course.video_uploaded_at, locale) })}
              </Text>
            )}
            <Box maw={640}>
              <UploadedVideo course={course} src={course.video_url} />
            </Box>
          </>
        ) : (
          <Text size="sm">{t('no_video')}</Text>
        )}
        {open ? (
          <form noValidate onSubmit={(ev) => void send(ev)}>
            <Stack gap="sm">
              <FilePicker
                label={course.video_url ? t('replace') : t('upload')}
                description={t('video_hint', { date: formatDateTime(deadline, locale) })}
                accept="video/mp4,video/webm"
                multiple={false}
                value={files}
                onChange={(next) => {
                  setFiles(next);
                  setError(null);
                }}
                error={error}
              />
              {progress !== null && (
                <Progress
                  value={progress}
                  aria-label={t('uploading', { percent: progress })}
                  animated={progress < 100}
                />
              )}
              {progress !== null && (
                <Text size="sm" aria-live="polite">
                  {t('uploading', { percent: progress })}
                </Text>
              )}
              <Button
                type="submit"
                loading={upload.isPending}
                disabled={files.length === 0}
                style={{ alignSelf: 'flex-start' }}
              >
                {course.video_url ? t('replace') : t('upload')}
              </Button>
            </Stack>
          </form>
        ) : (
          <Text size="sm" c="dimmed">
            {t('closed', { date: formatDateTime(deadline, locale) })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
