import {
  authEndpoints,
  type CertificateVerification,
  type Course,
  courseEndpoints,
  type CourseLogEntry,
  courseRecordEndpoints as ep,
  type JoinRequest,
} from '@legenett/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';
import { changeLocale } from '@/shared/i18n/i18n';
import { apiError, mockEndpoint, validationError } from '@/testing/api-mocks';
import { renderApp, setupUser } from '@/testing/test-utils';
import { testCourse } from '@/testing/courses';
import { logIn, testUser } from '@/testing/users';

const doctor = testUser({ permissions: ['course-read', 'course-create', 'course-update'], locale: 'en' });

const entry = (id: number, overrides: Partial<CourseLogEntry> = {}): CourseLogEntry => ({
  course: {
    id,
    title: `Hodepine ${id}`,
    type: 'webinar',
    start_at: '2026-11-10T17:00:00.000Z',
    ends_at: '2026-11-10T18:00:00.000Z',
    duration_minutes: 60,
    credit_hours: 1.5,
    credit_approved_by: 'Den norske legeforening',
    status: 'approved',
  },
  minutes_live: 40,
  minutes_replay: 10,
  minutes_watched: 50,
  share_watched: 0.833,
  certificate_available: true,
  certificate_code: null,
  ...overrides,
});

const meta = (total: number) => ({ current_page: 1, last_page: 1, per_page: 10, total });

const verification: CertificateVerification = {
  valid: true,
  code: 'ABCDEFGHJK0123456789',
  holder_name: 'Anders Lie',
  course_title: 'Diabetes type 2',
  course_type: 'webinar',
  course_date: '2026-11-10T17:00:00.000Z',
  duration_minutes: 60,
  credit_hours: 1,
  credit_approved_by: 'Den norske legeforening',
  organiser: 'Kari Nordby',
  issued_at: '2026-11-20T10:00:00.000Z',
};

describe('course log and certificates', () => {
  beforeEach(async () => {
    logIn(doctor);
    mockEndpoint(authEndpoints.me, { data: doctor });
    await changeLocale('en');
  });

  it('lists my minutes live and replay with credit hours, and downloads a certificate only when earned', async () => {
    const user = setupUser();
    mockEndpoint(ep.log, {
      data: [
        entry(1),
        entry(2, {
          minutes_live: 20,
          minutes_replay: 0,
          minutes_watched: 20,
          share_watched: 0.333,
          certificate_available: false,
          course: { ...entry(2).course, credit_hours: null },
        }),
      ],
      meta: meta(2),
      totals: { credit_hours: 1.5, certificates: 1 },
    });
    const downloads = mockEndpoint(
      ep.certificate,
      () => new Response(new Blob(['%PDF-1.3']), { headers: { 'Content-Type': 'application/pdf' } }),
    );
    // The download's link is made from an object URL: watch it being made.
    const { createObjectURL, revokeObjectURL } = URL;
    const created = vi.fn(() => 'blob:certificate');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    });
    renderApp('/my_courses?tab=log');
    const list = await screen.findByRole('list', { name: 'Events I took part in' });
    const first = within(list).getByRole('article', { name: 'Hodepine 1' });
    expect(within(first).getByText('Followed 50 of 60 min (83 %)')).toBeInTheDocument();
    expect(within(first).getByText('Live: 40 min')).toBeInTheDocument();
    expect(within(first).getByText('Recording: 10 min')).toBeInTheDocument();
    expect(within(first).getByText('Credit hours: 1.5')).toBeInTheDocument();
    const second = within(list).getByRole('article', { name: 'Hodepine 2' });
    expect(within(second).getByText('No credit hours')).toBeInTheDocument();
    expect(within(second).getByText('A certificate requires at least 80 % attendance.')).toBeInTheDocument();
    expect(within(second).queryByRole('button')).toBeNull();

    // The whole log's sum, above the list.
    const totals = screen.getByRole('region', { name: 'Total in the whole course log' });
    expect(within(totals).getByText('1.5 credit hours')).toBeInTheDocument();
    expect(within(totals).getByText('from 1 event with a certificate')).toBeInTheDocument();

    await user.click(
      within(first).getByRole('button', { name: 'Download the certificate for "Hodepine 1"' }),
    );
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    expect(downloads[0]!.params.id).toBe('1');
  });

  it.each([
    ['no', 1, 1, '1 tellende time', 'fra 1 arrangement med kursbevis'],
    ['no', 12.5, 9, '12,5 tellende timer', 'fra 9 arrangementer med kursbevis'],
    ['no', 1234, 1000, '1 234 tellende timer', 'fra 1 000 arrangementer med kursbevis'],
    ['en', 1, 1, '1 credit hour', 'from 1 event with a certificate'],
    ['en', 1234.5, 2, '1,234.5 credit hours', 'from 2 events with a certificate'],
  ] as const)('totals the credit hours in the locale with its plural (%s, %s)', async (locale, hours, certificates, hoursText, certificatesText) => {
    await changeLocale(locale);
    mockEndpoint(ep.log, { data: [entry(4)], meta: meta(1), totals: { credit_hours: hours, certificates } });
    renderApp('/my_courses?tab=log');
    expect(await screen.findByText(hoursText)).toBeInTheDocument();
    expect(screen.getByText(certificatesText)).toBeInTheDocument();
    expect(screen.getByText(locale === 'no' ? 'Tellende timer: 1,5' : 'Credit hours: 1.5')).toBeInTheDocument();
  });

  it('shows the API refusal when a certificate is not earned', async () => {
    const user = setupUser();
    const reason =
      'You have watched 47 of 60 minutes (79 %). A certificate requires at least 80 % of the event, live or as a recording.';
    mockEndpoint(ep.log, { data: [entry(3)], meta: meta(1), totals: { credit_hours: 1.5, certificates: 1 } });
    mockEndpoint(ep.certificate, validationError({ id: [reason] }, reason));
    renderApp('/my_courses?tab=log');
    await user.click(
      await screen.findByRole('button', { name: 'Download the certificate for "Hodepine 3"' }),
    );
    expect((await screen.findAllByText(reason)).length).toBeGreaterThan(0);
  });
});

describe('certificate verification page (public)', () => {
  it('shows a valid certificate in Norwegian and in English, without logging in', async () => {
    const calls = mockEndpoint(ep.verify, { data: verification });
    renderApp('/certificates/abcdefghjk0123456789');
    expect(await screen.findByText('Kursbeviset er gyldig')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Deltaker' }).nextSibling).toHaveTextContent('Anders Lie');
    expect(screen.getByRole('rowheader', { name: 'Tellende timer' }).nextSibling).toHaveTextContent('1');
    expect(calls[0]!.params.code).toBe('ABCDEFGHJK0123456789');
    await act(() => changeLocale('en'));
    expect(await screen.findByText('The certificate is valid')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Participant' }).nextSibling).toHaveTextContent(
      'Anders Lie',
    );
    expect(screen.getByRole('rowheader', { name: 'Organiser' }).nextSibling).toHaveTextContent('Kari Nordby');
  });

  it('says so when no certificate has the code', async () => {
    await changeLocale('en');
    mockEndpoint(ep.verify, apiError(404, 'Not found'));
    renderApp('/certificates/ABCDEFGHJK0123456780');
    expect(await screen.findByRole('alert')).toHaveTextContent('No certificate has this code.');
  });

  it('after a wrong code, offers a field to type it again and checks the new one', async () => {
    await changeLocale('en');
    const user = setupUser();
    mockEndpoint(ep.verify, ({ params }) =>
      params.code === 'ABCDEFGHJK0123456780' ? apiError(404, 'Not found') : { data: verification },
    );
    renderApp('/certificates/ABCDEFGHJK0123456780');
    const field = await screen.findByRole('textbox', { name: 'Type the code again' });
    expect(field).toHaveValue('ABCDEFGHJK0123456780');
    await user.clear(field);
    await user.type(field, `${verification.code}{Enter}`);
    expect(await screen.findByText('The certificate is valid')).toBeInTheDocument();
  });

  it('refuses a malformed code without asking the API', async () => {
    const calls = mockEndpoint(ep.verify, { data: verification });
    renderApp('/certificates/not-a-code');
    expect(
      await screen.findByText('Koden er ikke gyldig. Den har 20 tegn (tall og bokstaver).'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

const group = (overrides: Partial<Course> = {}): Course =>
  testCourse({
    id: 20,
    type: 'small_group',
    title: 'Smågruppe Oslo vest',
    description: 'Lukket gruppe',
    start_at: '2099-01-01T16:00:00.000Z',
    duration_minutes: 120,
    host_name: 'Hanne Solberg',
    credit_hours: 3,
    max_attendees: 8,
    attendees_count: 3,
    ...overrides,
  });

const request = (overrides: Partial<JoinRequest> = {}): JoinRequest => ({
  id: 5,
  course_id: 20,
  user: { id: 77, slug: 'ola', first_name: 'Ola', last_name: 'Hansen' },
  message: 'Fastlege i Bærum',
  status: 'pending',
  decided_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

describe('small groups', () => {
  beforeEach(async () => {
    logIn(doctor);
    mockEndpoint(authEndpoints.me, { data: doctor });
    await changeLocale('en');
  });

  it('asks to join with a message instead of attending', async () => {
    const user = setupUser();
    mockEndpoint(courseEndpoints.show, { data: group() });
    mockEndpoint(ep.groupStatus, {
      data: {
        course_id: 20,
        is_member: false,
        is_organiser: false,
        request: null,
        members_count: 3,
        max_members: 8,
      },
    });
    const sent = mockEndpoint(ep.requestToJoin, { data: request() });
    renderApp('/course/webinares/20/small_group');
    expect(
      await screen.findByText('The group is closed. Send a request to the organiser.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Attend' })).toBeNull();
    await user.type(
      screen.getByRole('textbox', { name: 'Message to the organiser (optional)' }),
      'Fastlege i Bærum',
    );
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ message: 'Fastlege i Bærum' });
  });

  it('lets the organiser accept a request', async () => {
    const user = setupUser();
    mockEndpoint(courseEndpoints.myShow, { data: group({ can_edit: true }) });
    mockEndpoint(courseEndpoints.analytics, {
      data: {
        course_id: 20,
        sign_ups: 3,
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
    mockEndpoint(ep.joinRequests, { data: [request()], meta: meta(1) });
    mockEndpoint(ep.meetings, { data: [], meta: meta(0) });
    const accepted = mockEndpoint(ep.acceptJoinRequest, { data: request({ status: 'accepted' }) });
    renderApp('/my_courses/20');
    const card = await screen.findByRole('article', { name: 'Ola Hansen' });
    expect(within(card).getByText('Fastlege i Bærum')).toBeInTheDocument();
    expect(screen.getByText('No meetings are logged yet.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Accept Ola Hansen' }));
    await waitFor(() => expect(accepted).toHaveLength(1));
    expect(accepted[0]!.params).toEqual({ id: '20', requestId: '5' });
  });
});
