import { COURSE_VIDEO_LEAD_MS } from '@legenett/contracts';
import { mayOpenViewing, mayPlayVideo, videoUploadRefusal } from './course-video.rules';

const now = new Date('2026-11-24T12:00:00Z');
const startIn = (ms: number) => new Date(now.getTime() + ms);

describe('webinar video upload rule', () => {
  it('allows exactly 2 days before the start and refuses a minute later', () => {
    const webinar = { type: 'webinar' as const, status: 'draft' as const };
    expect(videoUploadRefusal({ ...webinar, start_at: startIn(COURSE_VIDEO_LEAD_MS + 60_000) }, now)).toBeNull();
    expect(videoUploadRefusal({ ...webinar, start_at: startIn(COURSE_VIDEO_LEAD_MS) }, now)).toBeNull();
    expect(videoUploadRefusal({ ...webinar, start_at: startIn(COURSE_VIDEO_LEAD_MS - 60_000) }, now)).toBe('too_late');
    expect(videoUploadRefusal({ ...webinar, start_at: startIn(-60_000) }, now)).toBe('too_late');
  });

  it('takes videos for webinars in every state but cancelled, approved included', () => {
    const start_at = startIn(3 * COURSE_VIDEO_LEAD_MS);
    for (const status of ['draft', 'submitted', 'rejected', 'approved'] as const) {
      expect(videoUploadRefusal({ type: 'webinar', status, start_at }, now)).toBeNull();
    }
    expect(videoUploadRefusal({ type: 'webinar', status: 'cancelled', start_at }, now)).toBe('cancelled');
    expect(videoUploadRefusal({ type: 'course', status: 'draft', start_at }, now)).toBe('webinar_only');
  });
});

describe('who may play a webinar video', () => {
  const ended = { status: 'approved' as const, ends_at: startIn(-1), can_edit: false };
  const upcoming = { ...ended, ends_at: startIn(60_000) };
  it('lets organisers always, attendees once approved, and every member after the end', () => {
    expect(mayPlayVideo({ ...upcoming, status: 'draft', can_edit: true, my_subscription: null }, now)).toBe(true);
    expect(mayPlayVideo({ ...upcoming, my_subscription: 'attending' }, now)).toBe(true);
    expect(mayPlayVideo({ ...upcoming, my_subscription: 'waiting' }, now)).toBe(false);
    expect(mayPlayVideo({ ...upcoming, my_subscription: null }, now)).toBe(false);
    expect(mayPlayVideo({ ...ended, my_subscription: null }, now)).toBe(true);
    expect(mayPlayVideo({ ...ended, status: 'cancelled', my_subscription: 'attending' }, now)).toBe(false);
  });
});

describe('who may open a viewing record', () => {
  const webinar = {
    type: 'webinar' as const,
    status: 'approved' as const,
    ends_at: startIn(60 * 60_000),
    my_subscription: 'attending' as const,
    video_file_id: null,
    video_link: 'https://meet.example.no/1',
    embed_code: null,
  };

  it('opens for a seat holder of an approved webinar with something to play', () => {
    expect(mayOpenViewing(webinar, now)).toBe(true);
    expect(mayOpenViewing({ ...webinar, video_link: null, video_file_id: 7 }, now)).toBe(true);
    expect(mayOpenViewing({ ...webinar, video_link: null, embed_code: '<iframe src="https://player.vimeo.com/video/1"></iframe>' }, now)).toBe(true);
  });

  it('refuses in-person courses, lunch meetings, small groups and webinars with nothing to play', () => {
    for (const type of ['course', 'lunch_meeting', 'small_group'] as const) {
      expect(mayOpenViewing({ ...webinar, type }, now)).toBe(false);
    }
    expect(mayOpenViewing({ ...webinar, video_link: null }, now)).toBe(false);
    expect(mayOpenViewing({ ...webinar, status: 'cancelled' }, now)).toBe(false);
  });

  it('refuses people without a seat until the event has ended (then the replay is open)', () => {
    expect(mayOpenViewing({ ...webinar, my_subscription: null }, now)).toBe(false);
    expect(mayOpenViewing({ ...webinar, my_subscription: 'waiting' }, now)).toBe(false);
    expect(mayOpenViewing({ ...webinar, my_subscription: null, ends_at: now }, now)).toBe(true);
  });
});
