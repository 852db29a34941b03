import { COURSE_VIDEO_LEAD_MS, type CourseStatus, type CourseType } from '@legenett/contracts';

/**
 * Why a webinar video cannot be uploaded now, or null when it can (docs/courses.md "Webinar video").
 * Only webinars; not once cancelled; an approved webinar still may (the video is what it plays, not
 * what was approved); and never less than 2 days before the start: exactly 2 days before is allowed.
 */
export function videoUploadRefusal(
  course: { type: CourseType; status: CourseStatus; start_at: Date },
  now: Date,
): 'webinar_only' | 'cancelled' | 'too_late' | null {
  if (course.type !== 'webinar') return 'webinar_only';
  if (course.status === 'cancelled') return 'cancelled';
  if (course.start_at.getTime() - now.getTime() < COURSE_VIDEO_LEAD_MS) return 'too_late';
  return null;
}

/**
 * Who may play an uploaded video: its organisers always; once approved, those with a seat; once the
 * event has ended, every member who sees it in the catalogue (the recording, the "TV" tab).
 */
export function mayPlayVideo(
  course: { status: CourseStatus; ends_at: Date; can_edit: boolean; my_subscription: 'attending' | 'waiting' | null },
  now: Date,
): boolean {
  if (course.can_edit) return true;
  if (course.status !== 'approved') return false;
  return course.my_subscription === 'attending' || course.ends_at <= now;
}

/**
 * Who may open a viewing record (`user-entered-on`): only events that can be watched (an approved
 * webinar with something to play: an uploaded video, a video link or an embed code), and only people
 * who may watch it: a seat holder, or, once it has ended, any member (the open replay). Organisers
 * watching their own event are not attendance.
 */
export function mayOpenViewing(
  course: {
    type: CourseType;
    status: CourseStatus;
    ends_at: Date;
    my_subscription: 'attending' | 'waiting' | null;
    video_file_id: number | null;
    video_link: string | null;
    embed_code: string | null;
  },
  now: Date,
): boolean {
  if (course.type !== 'webinar' || course.status !== 'approved') return false;
  if (course.video_file_id === null && !course.video_link && !course.embed_code) return false;
  return course.my_subscription === 'attending' || course.ends_at <= now;
}
