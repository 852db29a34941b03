import {
  adminMediaEndpoints,
  authEndpoints,
  type MediaDetail,
  type MediaItem,
  mediaEndpoints,
  referenceEndpoints,
} from '@legenett/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { changeLocale } from '@/shared/i18n/i18n';
import { mockEndpoint, validationError } from '@/testing/api-mocks';
import { renderApp, setupUser } from '@/testing/test-utils';
import { logIn, testUser } from '@/testing/users';

const doctor = testUser({ locale: 'en' });

const item = (id: number, overrides: Partial<MediaItem> = {}): MediaItem => ({
  id,
  kind: 'video',
  title: `Video ${id}`,
  description: 'About it',
  category: { id: 7, name: 'Lectures' },
  duration_seconds: 100,
  published_at: '2026-11-01T10:00:00.000Z',
  poster_url: null,
  source: 'file',
  access_level: 'all',
  progress: null,
  ...overrides,
});

const detail = (id: number, overrides: Partial<MediaDetail> = {}): MediaDetail => ({
  ...item(id),
  stream_url: `/api/media/stream/video/${id}/file?u=1&e=9999999999&s=x`,
  captions_url: null,
  urls_expire_at: '2099-01-01T00:00:00.000Z',
  external_url: null,
  embed_code: null,
  resume_from_seconds: 0,
  related: [],
  ...overrides,
});

const page = (data: MediaItem[]) => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 12, total: data.length },
});

function mockMediaApi() {
  mockEndpoint(authEndpoints.me, { data: doctor });
  mockEndpoint(mediaEndpoints.videoCategories, { data: [{ id: 7, name: 'Lectures', count: 3 }] });
  mockEndpoint(mediaEndpoints.audioCategories, { data: [{ id: 8, name: 'Podcast', count: 1 }] });
  mockEndpoint(mediaEndpoints.continueList, { data: [] });
  mockEndpoint(mediaEndpoints.preferences, { data: { resume: true } });
  mockEndpoint(mediaEndpoints.podcastFeed, { data: null });
  mockEndpoint(mediaEndpoints.audioList, page([]));
}

describe('video archive', () => {
  beforeEach(async () => {
    logIn(doctor);
    mockMediaApi();
    await changeLocale('en');
  });

  it('lists videos with progress and sends the filters of the URL', async () => {
    const calls = mockEndpoint(
      mediaEndpoints.videos,
      page([item(1, { progress: { position_seconds: 50, completed: false } }), item(2)]),
    );
    renderApp('/videos?categories=7&direction=oldest');
    const list = await screen.findByRole('list', { name: 'Videos' });
    expect(within(list).getByRole('link', { name: 'Video 1' })).toHaveAttribute('href', '/videos/1');
    expect(within(list).getByRole('progressbar', { name: '50 % watched' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(calls[0]!.query.get('categories')).toBe('7');
    expect(calls[0]!.query.get('direction')).toBe('oldest');
  });

  it('shows caption hits for a search, linking to the second they are said', async () => {
    mockEndpoint(mediaEndpoints.videos, page([]));
    const searched = mockEndpoint(mediaEndpoints.captionSearch, {
      data: [{ item: item(6, { title: 'EKG' }), start_seconds: 65, text: 'Her ser vi ST-hevning' }],
      meta: { current_page: 1, last_page: 1, per_page: 10, total: 1 },
    });
    renderApp('/videos?search=hevning');
    const hits = await screen.findByRole('region', { name: 'Said in the captions' });
    expect(within(hits).getByRole('link', { name: '1:05 in “EKG”' })).toHaveAttribute(
      'href',
      '/videos/6?t=65',
    );
    expect(searched[0]!.query.get('search')).toBe('hevning');
    // No title matched, but the captions did: not a bare "Nothing found".
    expect(
      screen.getByText('No titles match the search, but it is said in the captions (above).'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Nothing found.')).not.toBeInTheDocument();
  });

  it('says in the page that an external item is not available here, naming the provider', async () => {
    mockEndpoint(mediaEndpoints.video, {
      data: detail(12, { source: 'url', stream_url: null, external_url: 'https://www.youtube.com/watch?v=x' }),
    });
    renderApp('/videos/12');
    expect(await screen.findByText('Not available here')).toBeInTheDocument();
    expect(screen.getByText(/This content is at youtube.com and cannot be shown on Legenett/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open at youtube.com' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=x',
    );
  });

  it('does not send a missing demo file to a new tab with an error page', async () => {
    mockEndpoint(mediaEndpoints.video, {
      data: detail(13, { source: 'url', stream_url: null, external_url: '/media/videos/ekg-tolkning.mp4' }),
    });
    renderApp('/videos/13');
    expect(await screen.findByText('Not available here')).toBeInTheDocument();
    expect(screen.getByText(/cannot be shown right now/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Open at/ })).not.toBeInTheDocument();
  });

  it('shows the "continue watching" row', async () => {
    mockEndpoint(mediaEndpoints.videos, page([]));
    mockEndpoint(mediaEndpoints.continueList, {
      data: [item(3, { progress: { position_seconds: 10, completed: false } })],
    });
    renderApp('/videos');
    const row = await screen.findByRole('region', { name: 'Continue watching' });
    expect(within(row).getByRole('link', { name: 'Video 3' })).toBeInTheDocument();
  });

  it('plays a video with poster, captions and the resume position', async () => {
    mockEndpoint(mediaEndpoints.video, {
      data: detail(4, {
        poster_url: '/api/media/stream/video/4/poster?u=1&e=1&s=p',
        captions_url: '/api/media/stream/video/4/captions?u=1&e=1&s=c',
        resume_from_seconds: 42,
      }),
    });
    renderApp('/videos/4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Video 4' })).toBeInTheDocument();
    const video = document.querySelector('video')!;
    expect(video).toHaveAttribute('src', '/api/media/stream/video/4/file?u=1&e=9999999999&s=x');
    expect(video).toHaveAttribute('poster', '/api/media/stream/video/4/poster?u=1&e=1&s=p');
    expect(video.querySelector('track')).toHaveAttribute('kind', 'captions');
    // The speed select (its listbox carries the same label once opened), at normal speed.
    await waitFor(() =>
      expect(screen.getAllByLabelText('Playback speed').find((e) => e.tagName === 'INPUT')).toHaveValue('1×'),
    );
  });

  it('says so when an item is not there or not for this user', async () => {
    mockEndpoint(
      mediaEndpoints.video,
      new Response(JSON.stringify({ status_code: 404, message: 'Not found' }), { status: 404 }),
    );
    renderApp('/videos/5');
    expect(await screen.findByText('Not found, or you do not have access to it.')).toBeInTheDocument();
  });

  it('sends users without confirmed health personnel status home with the notice (not a toast)', async () => {
    const unconfirmed = testUser({ locale: 'en', user_info: { ...doctor.user_info, approved_hrp: 1 } });
    logIn(unconfirmed);
    mockEndpoint(authEndpoints.me, { data: unconfirmed });
    renderApp('/audio');
    expect(await screen.findByRole('dialog', { name: 'For health personnel only' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });
});

describe('audio mini player', () => {
  beforeEach(async () => {
    logIn(doctor);
    mockMediaApi();
    await changeLocale('en');
  });

  it('opens the sticky player from a track and keeps it across pages', async () => {
    mockEndpoint(mediaEndpoints.audio, {
      data: detail(9, {
        kind: 'audio',
        title: 'Podcast 9',
        stream_url: '/api/media/stream/audio/9/file?u=1&e=1&s=a',
      }),
    });
    mockEndpoint(mediaEndpoints.videos, page([]));
    const user = setupUser();
    renderApp('/audio/9');
    await user.click(await screen.findByRole('button', { name: 'Play' }));
    const player = await screen.findByRole('region', { name: 'Audio player' });
    expect(within(player).getByRole('link', { name: 'Podcast 9' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: /Back to the audio archive/ }));
    expect(await screen.findByRole('region', { name: 'Audio player' })).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('region', { name: 'Audio player' })).getByRole('button', {
        name: 'Close the player',
      }),
    );
    expect(screen.queryByRole('region', { name: 'Audio player' })).not.toBeInTheDocument();
  });
});

describe('podcast feed', () => {
  beforeEach(async () => {
    logIn(doctor);
    mockMediaApi();
    await changeLocale('en');
  });

  it('makes a private feed address and shows it once', async () => {
    const made = mockEndpoint(mediaEndpoints.createPodcastFeed, {
      data: {
        url: 'http://localhost/api/podcast/abc',
        expires_at: '2027-05-01T00:00:00.000Z',
        created_at: '2026-11-01T00:00:00.000Z',
      },
    });
    const user = setupUser();
    renderApp('/audio');
    const card = await screen.findByRole('region', { name: 'Your private podcast feed' });
    expect(within(card).getByText('You have no active feed.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Make an address' }));
    expect(await within(card).findByRole('textbox', { name: 'Feed address' })).toHaveValue(
      'http://localhost/api/podcast/abc',
    );
    expect(made).toHaveLength(1);
  });
});

describe('admin media', () => {
  const admin = testUser({ locale: 'en', roles: ['admin'] });
  beforeEach(async () => {
    logIn(admin);
    mockEndpoint(authEndpoints.me, { data: admin });
    mockEndpoint(adminMediaEndpoints.list, {
      data: [],
      meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 },
    });
    mockEndpoint(adminMediaEndpoints.categories, { data: [] });
    mockEndpoint(referenceEndpoints.specialties, { data: [] });
    await changeLocale('en');
  });

  it('edits an item in a dialog and sends the changed fields', async () => {
    const row = {
      ...item(11, { title: 'Gammel tittel' }),
      published_at: '2026-11-01T10:00:00.000Z',
      state: 'published' as const,
      category_id: 7,
      specialty_ids: [],
      external_url: null,
      embed_code: null,
      has_captions: false,
      stream_url: null,
      file_size_bytes: 1000,
      created_at: '2026-11-01T10:00:00.000Z',
      notice: null,
    };
    const { progress: _progress, ...adminRow } = row;
    mockEndpoint(adminMediaEndpoints.list, {
      data: [adminRow],
      meta: { current_page: 1, last_page: 1, per_page: 20, total: 1 },
    });
    const saved = mockEndpoint(adminMediaEndpoints.update, { data: { ...adminRow, title: 'Ny tittel' } });
    const user = setupUser();
    renderApp('/admin/media');
    const card = await screen.findByRole('article', { name: 'Gammel tittel' });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit “Gammel tittel”' });
    const title = within(form).getByRole('textbox', { name: /^Title/ });
    await user.clear(title);
    await user.type(title, 'Ny tittel');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.params).toMatchObject({ kind: 'video', id: '11' });
    expect(saved[0]!.body).toMatchObject({
      title: 'Ny tittel',
      category_id: 7,
      access_level: 'all',
      external_url: null,
    });
  });

  it('uploads a poster image for an item from its card (field `poster`) and shows it there', async () => {
    const row = {
      ...item(12, { title: 'Suturteknikk' }),
      published_at: '2026-11-01T10:00:00.000Z',
      state: 'published' as const,
      category_id: null,
      specialty_ids: [],
      external_url: null,
      embed_code: null,
      has_captions: false,
      stream_url: null,
      file_size_bytes: 1000,
      created_at: '2026-11-01T10:00:00.000Z',
      notice: null,
    };
    const { progress: _progress, ...adminRow } = row;
    let uploaded = false;
    mockEndpoint(adminMediaEndpoints.list, () => ({
      data: [{ ...adminRow, poster_url: uploaded ? '/api/media/stream/video/12/poster?s=1' : null }],
      meta: { current_page: 1, last_page: 1, per_page: 20, total: 1 },
    }));
    const posters = mockEndpoint(adminMediaEndpoints.poster, () => {
      uploaded = true;
      return { data: { ...adminRow, poster_url: '/api/media/stream/video/12/poster?s=1' } };
    });
    const user = setupUser();
    const { container } = renderApp('/admin/media');
    const card = await screen.findByRole('article', { name: 'Suturteknikk' });
    expect(within(card).getByRole('button', { name: 'Upload a poster image: Suturteknikk' })).toBeInTheDocument();
    const input = container.querySelector<HTMLInputElement>('article input[type="file"][accept="image/jpeg,image/png,image/webp"]')!;
    await user.upload(input, new File(['png'], 'cover.png', { type: 'image/png' }));

    await waitFor(() => expect(posters).toHaveLength(1));
    expect(posters[0]!.params).toMatchObject({ kind: 'video', id: '12' });
    expect((posters[0]!.body as FormData).has('poster')).toBe(true);
    expect(await within(card).findByRole('button', { name: 'Replace the poster image: Suturteknikk' })).toBeInTheDocument();
    // The new item form offers the field too.
    expect(screen.getByText('Poster image (optional)')).toBeInTheDocument();
  });

  it('shows a 422 of the home page video form beside its field', async () => {
    mockEndpoint(referenceEndpoints.frontendSettings, {
      data: { prev_image_video_src: '/a.jpg', prev_image_video_link: '/videos' },
    });
    mockEndpoint(
      adminMediaEndpoints.updateFrontendSettings,
      validationError({ prev_image_video_link: ['Not a link we can use.'] }),
    );
    const user = setupUser();
    renderApp('/admin/media');
    await user.click(await screen.findByRole('tab', { name: 'Home page video' }));
    const form = await screen.findByRole('form', { name: 'Home page video' });
    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: /Link from the home page video/ })).toHaveValue(
        '/videos',
      ),
    );
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: /Link from the home page video/ })).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    expect(screen.getAllByText('Not a link we can use.').length).toBeGreaterThanOrEqual(1);
  });
});
