import { authEndpoints, type Course, courseEndpoints, referenceEndpoints } from '@legenett/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { changeLocale } from '@/shared/i18n/i18n';
import { mockEndpoint, validationError } from '@/testing/api-mocks';
import { renderApp, setupUser } from '@/testing/test-utils';
import { testCourse } from '@/testing/courses';
import { logIn, testUser } from '@/testing/users';

const doctor = testUser({
  permissions: ['course-create', 'course-read', 'course-update', 'course-delete'],
  locale: 'en',
});

const course = (id: number, overrides: Partial<Course> = {}): Course =>
  testCourse({ id, title: `Hjertesvikt ${id}`, host_name: 'Dr. Nordmann', ...overrides });

const page = (data: Course[], current = 1, last = 1) => ({
  data,
  meta: { current_page: current, last_page: last, per_page: 10, total: last * 10 },
});

describe('courses', () => {
  beforeEach(async () => {
    logIn(doctor);
    mockEndpoint(authEndpoints.me, { data: doctor });
    mockEndpoint(referenceEndpoints.specialties, { data: [] });
    mockEndpoint(referenceEndpoints.categories, { data: [] });
    mockEndpoint(referenceEndpoints.hospitals, { data: [] });
    mockEndpoint(referenceEndpoints.clinics, { data: [] });
    await changeLocale('en');
  });

  it('sends the spec URL filters to the API and keeps tab changes in the URL', async () => {
    const user = setupUser();
    const calls = mockEndpoint(courseEndpoints.list, () =>
      page([course(1, { is_live: true }), course(2, { is_past: true })], 1, 2),
    );
    renderApp('/course/webinares?filterByCounty=3&filterBySpeciality=4&search=hjerte&pageNumber=2');
    expect(await screen.findByRole('link', { name: 'Hjertesvikt 1' })).toBeInTheDocument();
    expect(screen.getAllByText('Live now').length).toBeGreaterThan(0);
    const q = calls[0]!.query;
    expect([
      q.get('counties'),
      q.get('specialities'),
      q.get('search'),
      q.get('page'),
      q.get('activeTab'),
    ]).toEqual(['3', '4', 'hjerte', '2', 'upcoming']);

    // The ended event is not in the run of current ones: its own list, under its own heading.
    expect(within(screen.getByRole('list', { name: 'Upcoming' })).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Earlier events (1)' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Earlier events (1)' })).getByRole('link', { name: 'Hjertesvikt 2' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'TV' }));
    await waitFor(() => expect(calls.at(-1)!.query.get('type')).toBe('webinar'));
    expect(calls.at(-1)!.query.get('activeTab')).toBe('live');
    expect(calls.at(-1)!.query.get('counties')).toBe('3');
  });

  it('shows a countdown, attends, and tells a waiting-list place', async () => {
    const user = setupUser();
    let state: Course = course(7, { max_attendees: 1, attendees_count: 1 });
    mockEndpoint(courseEndpoints.show, () => ({ data: state }));
    const subscribe = mockEndpoint(courseEndpoints.subscribe, () => {
      state = { ...state, my_subscription: 'waiting', my_waiting_position: 1, waiting_count: 1 };
      return {
        data: {
          course_id: 7,
          status: 'waiting' as const,
          waiting_position: 1,
          attendees_count: 1,
          waiting_count: 1,
        },
      };
    });
    renderApp('/course/webinares/7/webinar');
    expect(await screen.findByRole('timer', { name: 'Starts in' })).toBeInTheDocument();
    expect(screen.getByText('days')).toBeInTheDocument();
    // Before joining, the doctor sees how many are ahead.
    expect(screen.getByText('The course is full. Nobody is on the waiting list yet: you will be number 1.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByText('You are number 1 on the waiting list.')).toBeInTheDocument();
    expect(subscribe).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Leave the waiting list' })).toBeInTheDocument();
  });

  it('"Send message" writes to the organiser with the course as topic; not to oneself', async () => {
    mockEndpoint(courseEndpoints.show, ({ params }) =>
      params.id === '8'
        ? { data: course(8, { can_edit: true }) }
        : { data: course(7, { partner_company: { id: 3, slug: 'demo-medisin-as', name: 'Demo Medisin AS' }, my_subscription: 'attending' }) },
    );
    const first = renderApp('/course/webinares/7/webinar');
    expect(await screen.findByRole('link', { name: 'Send message' })).toHaveAttribute(
      'href',
      '/messages?topic=course&topic_id=7&name=Demo+Medisin+AS&title=Hjertesvikt+7',
    );
    first.unmount();
    renderApp('/course/webinares/8/webinar');
    expect(await screen.findByRole('button', { name: 'Add to calendar (.ics)' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Send message' })).not.toBeInTheDocument();
  });

  it('asks before leaving a course, says what happened, and shows seats, zone and place once', async () => {
    const user = setupUser();
    let state: Course = course(9, {
      type: 'course',
      max_attendees: 30,
      attendees_count: 12,
      my_subscription: 'attending',
      city: { id: 1, name: 'Oslo' },
      county: { id: 3, name: 'Oslo' },
      address: 'Kirkeveien 1',
    });
    mockEndpoint(courseEndpoints.show, () => ({ data: state }));
    const leaves = mockEndpoint(courseEndpoints.unsubscribe, () => {
      state = { ...state, my_subscription: null, attendees_count: 11 };
      return { data: { course_id: 9, status: null, waiting_position: null, attendees_count: 11, waiting_count: 0 } };
    });
    renderApp('/course/webinares/9/course');
    expect(await screen.findByRole('link', { name: /All courses and webinars/ })).toBeInTheDocument();
    expect(screen.getByText('18 seats free of 30')).toBeInTheDocument();
    expect(screen.getByText('Kirkeveien 1, Oslo')).toBeInTheDocument();
    expect(screen.getByText(/\(Norwegian time\)$/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Leave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave' });
    expect(within(dialog).getByText(/Your seat goes to the first person on the waiting list/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(leaves).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave' })).getByRole('button', { name: 'Yes, leave the course' }),
    );
    await waitFor(() => expect(leaves).toHaveLength(1));
    expect(await screen.findByText('You have left the course.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Attend' })).toBeInTheDocument();
  });

  it('shows the sponsor label and what a lunch meeting offers', async () => {
    mockEndpoint(courseEndpoints.show, {
      data: course(8, {
        type: 'lunch_meeting',
        sponsor_name: 'Pharma AS',
        food_served: true,
        audience: 'LIS',
      }),
    });
    renderApp('/course/webinares/8/lunch_meeting');
    expect(await screen.findByText('Sponsored by Pharma AS')).toBeInTheDocument();
    expect(screen.getByText('Food is served')).toBeInTheDocument();
    expect(screen.getByText('LIS')).toBeInTheDocument();
  });

  it('creates a course and shows the API refusal beside its field', async () => {
    const user = setupUser();
    const saves = mockEndpoint(
      courseEndpoints.create,
      validationError({ start_at: ['The start must be in the future.'] }),
    );
    renderApp('/course/new');
    await user.type(await screen.findByLabelText(/^Title/), 'Hjertesvikt i praksis');
    await user.type(screen.getByLabelText(/^Description and programme/), 'Program');
    // The app's own date and 24-hour time fields, in Norwegian time (not the browser's datetime-local).
    await user.type(screen.getByRole('textbox', { name: /^Start \(date and time\).*: date$/ }), '1.1.2099');
    await user.type(screen.getByLabelText(/^Start \(date and time\).*: hours$/), '18');
    await user.type(screen.getByLabelText(/^Start \(date and time\).*: minutes$/), '00');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.body).toMatchObject({
      title: 'Hjertesvikt i praksis',
      type: 'webinar',
      duration_minutes: 60,
    });
    // 18:00 in Oslo on 1 January is 17:00 UTC.
    expect((saves[0]!.body as { start_at: string }).start_at).toBe('2099-01-01T17:00:00.000Z');
    expect(await screen.findAllByText('The start must be in the future.')).toHaveLength(2);
  });

  it('records a live viewing: entered-on when the player shows, a beacon with the token when leaving', async () => {
    const beacons: { url: string; body: string }[] = [];
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, data: Blob) => {
        const reader = new FileReader();
        reader.onload = () => beacons.push({ url, body: String(reader.result) });
        reader.readAsText(data);
        return true;
      },
    });
    mockEndpoint(courseEndpoints.show, {
      data: course(9, {
        is_live: true,
        embed_code: '<iframe src="https://player.vimeo.com/video/1"></iframe>',
      }),
    });
    const entered = mockEndpoint(courseEndpoints.enteredOn, {
      data: { id: 41, token: 'signed-token-123', expires_in: 14400 },
    });
    const { unmount } = renderApp('/course/webinares/9/webinar');
    expect(await screen.findByTitle('Hjertesvikt 9')).toHaveAttribute(
      'src',
      'https://player.vimeo.com/video/1',
    );
    await waitFor(() => expect(entered).toHaveLength(1));
    await act(() => new Promise((r) => setTimeout(r, 10)));
    unmount();
    await waitFor(() =>
      expect(beacons).toEqual([
        { url: '/api/course-analytics/9/user-left-watching', body: '{"token":"signed-token-123"}' },
      ]),
    );
  });

  it('shows the organiser the analytics with a chart and the CSV export', async () => {
    mockEndpoint(courseEndpoints.myShow, { data: course(10, { can_edit: true, is_past: true }) });
    mockEndpoint(courseEndpoints.analytics, {
      data: {
        course_id: 10,
        sign_ups: 3,
        waiting: 1,
        attended: 2,
        no_shows: 1,
        live_minutes: 70,
        replay_minutes: 15,
        total_minutes: 85,
        average_minutes: 42.5,
        share_to_end: 0.5,
        peak_concurrent: 2,
        concurrent: [
          { minute: 0, viewers: 1 },
          { minute: 1, viewers: 2 },
        ],
      },
    });
    renderApp('/my_courses/10');
    expect(await screen.findByRole('heading', { name: 'Statistics' })).toBeInTheDocument();
    expect(screen.getByText('Did not show up').nextSibling).toHaveTextContent('1');
    expect(screen.getByText('50%')).toBeInTheDocument();
    expect(screen.getByText('42.5')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Concurrent viewers per minute' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download attendance (CSV)' })).toBeInTheDocument();
    // It has ended: nothing to cancel.
    expect(screen.queryByRole('button', { name: 'Cancel course' })).not.toBeInTheDocument();
  });

  it('shows no viewing minutes or viewer chart for an in-person event, but an empty state, in Norwegian numbers', async () => {
    await changeLocale('no');
    mockEndpoint(courseEndpoints.myShow, { data: course(11, { type: 'course', can_edit: true, is_past: true }) });
    mockEndpoint(courseEndpoints.analytics, {
      data: {
        course_id: 11,
        sign_ups: 1200,
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
      },
    });
    renderApp('/my_courses/11');
    expect(await screen.findByText(/Et fysisk arrangement har ingen avspiller/)).toBeInTheDocument();
    expect(screen.getByText('Påmeldte').nextSibling).toHaveTextContent(/^1\s200$/);
    expect(screen.queryByText('Minutter direkte')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /seere/i })).not.toBeInTheDocument();
  });
});
