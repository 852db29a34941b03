import { authEndpoints, COURSE_VIDEO_LEAD_MS, type Course, courseEndpoints, courseWebinarEndpoints } from '@legenett/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { changeLocale } from '@/shared/i18n/i18n';
import { mockEndpoint, validationError } from '@/testing/api-mocks';
import { renderApp, setupUser } from '@/testing/test-utils';
import { testCourse } from '@/testing/courses';
import { logIn, testUser } from '@/testing/users';

const organiser = testUser({ permissions: ['course-read', 'course-create', 'course-update', 'course-delete'] });

const webinar = (overrides: Partial<Course> = {}): Course =>
  testCourse({
    id: 21,
    title: 'KOLS i praksis',
    start_at: '2099-01-10T17:00:00.000Z',
    ends_at: '2099-01-10T18:00:00.000Z',
    can_edit: true,
    server_time: '2099-01-01T12:00:00.000Z',
    created_at: '2098-12-01T10:00:00.000Z',
    ...overrides,
  });

const analytics = {
  course_id: 21,
  sign_ups: 0,
  waiting: 0,
  attended: 0,
  no_shows: 0,
  live_minutes: 0,
  replay_minutes: 0,
  total_minutes: 0,
  average_minutes: 0,
  share_to_end: 0,
  peak_concurrent: 0,
  concurrent: [],
};

describe('webinar video upload', () => {
  beforeEach(async () => {
    logIn(organiser);
    mockEndpoint(authEndpoints.me, { data: organiser });
    mockEndpoint(courseEndpoints.analytics, { data: analytics });
    await changeLocale('en');
  });

  it('uploads the chosen file in the `video` field, then shows the player', async () => {
    const user = setupUser();
    let uploaded = false;
    mockEndpoint(courseEndpoints.myShow, () =>
      uploaded
        ? { data: webinar({ video_url: '/api/courses/21/video?u=1&expires=1&signature=x', video_uploaded_at: '2099-01-01T12:00:00.000Z' }) }
        : { data: webinar() },
    );
    const calls = mockEndpoint(courseWebinarEndpoints.uploadVideo, () => {
      uploaded = true;
      return { data: webinar({ video_url: '/api/courses/21/video?u=1&expires=1&signature=x' }) };
    });
    renderApp('/my_courses/21');
    const section = await screen.findByRole('region', { name: 'Webinar video' });
    expect(within(section).getByText('No video uploaded yet.')).toBeInTheDocument();
    // The deadline: 2 days before the start, in Oslo time.
    expect(within(section).getByText("MP4 or WebM, at least 2 days before the start: 8 Jan 2099, 18:00.")).toBeInTheDocument();
    const file = new File([new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70])], 'webinar.mp4', { type: 'video/mp4' });
    await user.upload(within(section).getByLabelText('Upload video'), file);
    await user.click(within(section).getByRole('button', { name: 'Upload video' }));
    expect(await screen.findByText('The video is uploaded.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    // The form names the file `video` (jsdom's XMLHttpRequest hands the mock its parts without the bytes).
    expect([...(calls[0]!.body as FormData).keys()]).toEqual(['video']);
    expect(await within(section).findByLabelText('Video: KOLS i praksis')).toHaveAttribute(
      'src',
      '/api/courses/21/video?u=1&expires=1&signature=x',
    );
    expect(within(section).getByRole('button', { name: 'Replace video' })).toBeInTheDocument();
  });

  it("shows the server's refusal under the field", async () => {
    const user = setupUser();
    mockEndpoint(courseEndpoints.myShow, { data: webinar() });
    mockEndpoint(courseWebinarEndpoints.uploadVideo, () => validationError({ video: ['The video must be an MP4 or WebM file.'] }));
    renderApp('/my_courses/21');
    const section = await screen.findByRole('region', { name: 'Webinar video' });
    await user.upload(within(section).getByLabelText('Upload video'), new File(['x'], 'clip.mp4', { type: 'video/mp4' }));
    await user.click(within(section).getByRole('button', { name: 'Upload video' }));
    await waitFor(() => expect(within(section).getAllByText('The video must be an MP4 or WebM file.').length).toBeGreaterThan(0));
  });

  it('says the upload is closed less than 2 days before the start, in Norwegian too', async () => {
    const start = Date.parse('2099-01-10T17:00:00.000Z');
    mockEndpoint(courseEndpoints.myShow, { data: webinar({ server_time: new Date(start - COURSE_VIDEO_LEAD_MS + 60_000).toISOString() }) });
    renderApp('/my_courses/21');
    const section = await screen.findByRole('region', { name: 'Webinar video' });
    expect(within(section).getByText(/The deadline for uploading a video passed/)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Upload video' })).toBeNull();
    await act(() => changeLocale('no'));
    expect(await screen.findByText(/Fristen for å laste opp video gikk ut/)).toBeInTheDocument();
  });
});
