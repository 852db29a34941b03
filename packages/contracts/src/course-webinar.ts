import { z } from 'zod';
import { dataOf, IdParamSchema } from './common';
import { CourseSchema } from './courses';
import { defineEndpoint } from './endpoint';

/** A webinar's video must be uploaded at least this long before its start (issue 10, spec point 5). */
export const COURSE_VIDEO_LEAD_MS = 2 * 24 * 60 * 60 * 1000;

/** The form field of a webinar video upload. */
export const COURSE_VIDEO_FIELD = 'video';

/** Reminders before an event and the recording afterwards (docs/courses.md "Reminders"). */
export const COURSE_REMINDER_KINDS = ['24h', '1h', 'recording'] as const;
export type CourseReminderKind = (typeof COURSE_REMINDER_KINDS)[number];

/** Webinar video (docs/courses.md "Webinar video"). */
export const courseWebinarEndpoints = {
  uploadVideo: defineEndpoint({
    method: 'POST',
    path: '/my/courses/:id/video',
    summary: 'Upload (or replace) a webinar video (mp4 or webm, in `video`) at least 2 days before the start',
    access: 'member',
    permission: 'course-update',
    multipart: true,
    params: IdParamSchema,
    /** The file only (form field `video`). */
    body: z.object({}),
    response: dataOf(CourseSchema),
  }),
} as const;
