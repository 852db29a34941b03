import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { type MediaKind, mediaEndpoints as ep } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp, uniqueToken } from '../../../test/app';
import { createCompany, type CreateUserOptions, tokenFor } from '../../../test/auth';
import { type Caller, invalid } from '../../../test/call';
import { insertReferenceFixtures } from '../../../test/fixtures';

type Fixtures = Awaited<ReturnType<typeof insertReferenceFixtures>>;

let t: TestApp;
let fx: Fixtures;
let token: string;
let dataDir: string;
let videoCategory: number;
let otherVideoCategory: number;
let audioCategory: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-media-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir, MEDIA_URL_TTL_SECONDS: '60' } });
  token = uniqueToken();
  fx = await insertReferenceFixtures(t.db, token);
  const cats = await t.db
    .insert(schema.categories)
    .values([
      { code: `v1-${token}`, type: 'video', name: { no: `Kardiologi ${token}`, en: `Cardiology ${token}` } },
      { code: `v2-${token}`, type: 'video', name: { no: `Akutt ${token}`, en: `Emergency ${token}` } },
      { code: `a1-${token}`, type: 'audio', name: { no: `Podkast ${token}`, en: `Podcast ${token}` } },
    ])
    .returning({ id: schema.categories.id });
  [videoCategory, otherVideoCategory, audioCategory] = cats.map((c) => c.id) as [number, number, number];
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A stored object and its `stored_files` row (as the admin upload leaves them). */
async function storedFile(kind: 'media_video' | 'media_audio' | 'media_captions', bytes: Buffer): Promise<number> {
  const ext = kind === 'media_video' ? 'mp4' : kind === 'media_audio' ? 'mp3' : 'vtt';
  const key = `media/${randomBytes(16).toString('hex')}.${ext}`;
  fs.mkdirSync(path.join(dataDir, 'uploads', 'media'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'uploads', key), bytes);
  const [row] = await t.db
    .insert(schema.storedFiles)
    .values({
      storage_key: key,
      kind,
      content_type: ext === 'mp4' ? 'video/mp4' : ext === 'mp3' ? 'audio/mpeg' : 'text/vtt',
      size_bytes: bytes.length,
    })
    .returning({ id: schema.storedFiles.id });
  return row!.id;
}

const FILE = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

interface ItemOptions {
  title?: string;
  category?: number | null;
  publishedAt?: Date | null;
  accessLevel?: 'all' | 'doctors' | 'specialties';
  specialtyIds?: number[];
  duration?: number;
  file?: boolean;
  captions?: boolean;
}

async function item(kind: MediaKind, o: ItemOptions = {}): Promise<number> {
  const table = kind === 'video' ? schema.videos : schema.audioTracks;
  const [row] = await t.db
    .insert(table)
    .values({
      title: o.title ?? `Foredrag ${token}`,
      description: `Beskrivelse ${token}`,
      category_id: o.category === undefined ? (kind === 'video' ? videoCategory : audioCategory) : o.category,
      file_id: o.file === false ? null : await storedFile(kind === 'video' ? 'media_video' : 'media_audio', FILE),
      url: o.file === false ? 'https://example.org/foredrag' : null,
      captions_file_id: o.captions ? await storedFile('media_captions', Buffer.from('WEBVTT\n\n00:01.000 --> 00:04.000\nHei\n')) : null,
      duration_seconds: o.duration ?? 120,
      access_level: o.accessLevel ?? 'all',
      specialty_ids: o.specialtyIds ?? [],
      published_at: o.publishedAt === undefined ? new Date(Date.now() - 60_000) : o.publishedAt,
    })
    .returning({ id: table.id });
  return row!.id;
}

/** Signed-URL fetch with the cookie a detail answer set (or another one). */
function fetchSigned(url: string, cookie: string | undefined, range?: string) {
  let req = t.raw.get(url);
  if (cookie) req = req.set('Cookie', cookie);
  if (range) req = req.set('Range', range);
  return req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
}

function mediaCookie(headers: Record<string, string | string[] | undefined>): string {
  const set = headers['set-cookie'];
  const list = Array.isArray(set) ? set : set ? [set] : [];
  const cookie = list.find((c) => c.startsWith('lg_media='));
  if (!cookie) throw new Error('no lg_media cookie');
  return cookie.split(';')[0]!;
}

describe('access matrix', () => {
  const gated = () =>
    [
      [ep.videos, undefined, undefined],
      [ep.videosOfCategory, { id: videoCategory }, undefined],
      [ep.videoCategories, undefined, undefined],
      [ep.audioList, undefined, undefined],
      [ep.audioCategories, undefined, undefined],
      [ep.continueList, undefined, { kind: 'video' as const }],
    ] as const;

  it('answers 401 to anonymous callers', async () => {
    const id = await item('video');
    for (const [endpoint, params, query] of [...gated(), [ep.video, { id }, undefined], [ep.audio, { id }, undefined]] as const) {
      expect([endpoint.path, (await t.call(endpoint, { as: null, params, query })).status]).toEqual([endpoint.path, 401]);
    }
    const save = await t.call(ep.savePosition, { as: null, body: { kind: 'video', item_id: id, position_seconds: 3 } });
    expect(save.status).toBe(401);
  });

  it.each([
    ['awaiting approval', { status: 'awaiting_approval', approvedHrp: 0 }, 'not_health_personnel'],
    ['approved_hrp 1', { approvedHrp: 1 }, 'not_health_personnel'],
    ['approved_hrp 0', { approvedHrp: 0 }, 'not_health_personnel'],
    ['no viewer permission (company manager role only)', { roles: ['company_manager'] }, 'missing_permission'],
  ] as const)('refuses %s', async (_label, options, reason) => {
    const me = await t.session({ ...options, roles: 'roles' in options ? [...options.roles] : undefined });
    for (const [endpoint, params, query] of gated()) {
      const res = await t.call(endpoint, { as: me, params, query, locale: 'en' });
      expect([endpoint.path, res.status, res.error.reason]).toEqual([endpoint.path, 403, reason]);
    }
    const video = await t.call(ep.video, { as: me, params: { id: await item('video') }, locale: 'en' });
    expect([video.status, video.error.reason]).toEqual([403, reason]);
    if (reason === 'not_health_personnel') {
      expect(video.error.message).toBe('This content is only for confirmed health personnel.');
    }
  });

  it('refuses a business profile (the company acts, without the viewer keys)', async () => {
    const owner = await t.session();
    const company = await createCompany(t.db, { managers: [owner.user.id] });
    const acting = await tokenFor(t, owner.user, { actAs: company.id });
    const res = await t.call(ep.videos, { as: acting });
    expect([res.status, res.error.reason]).toEqual([403, 'missing_permission']);
  });

  it('lets "In review" accounts and approved_hrp 2 watch', async () => {
    const cases: CreateUserOptions[] = [{ status: 'in_review', approvedHrp: 0 }, { approvedHrp: 2 }, { roles: ['student'], approvedHrp: 2 }];
    for (const options of cases) {
      const me = await t.session(options);
      for (const [endpoint, params, query] of gated()) {
        const res = await t.call(endpoint, { as: me, params, query });
        expect([endpoint.path, res.status]).toEqual([endpoint.path, 200]);
      }
    }
  });

  it('applies the per-item access level (doctors only, given specialties)', async () => {
    const doctorsOnly = await item('video', { accessLevel: 'doctors', title: `Leger ${token}` });
    const cardio = await item('video', { accessLevel: 'specialties', specialtyIds: [fx.specialty.id], title: `Spesial ${token}` });
    const doctor = await t.session();
    const student = await t.session({ roles: ['student'] });
    const specialist = await t.session({ roles: ['student'] });
    await t.db.insert(schema.userSpecialties).values({ user_id: specialist.user.id, specialty_id: fx.specialty.id });

    const sees = async (me: Caller, id: number) => (await t.call(ep.video, { as: me, params: { id } })).status;
    expect(await sees(doctor, doctorsOnly)).toBe(200);
    expect(await sees(student, doctorsOnly)).toBe(404);
    expect(await sees(student, cardio)).toBe(404);
    expect(await sees(specialist, cardio)).toBe(200);
    expect(await sees(doctor, cardio)).toBe(404);

    const titles = async (me: Caller) =>
      (await t.call(ep.videos, { as: me, query: { search: token, per_page: 50 } })).parsed.data.map((v) => v.id);
    expect(await titles(student)).not.toContain(doctorsOnly);
    expect(await titles(doctor)).toContain(doctorsOnly);
    expect(await titles(specialist)).toContain(cardio);
  });
});

describe('browsing', () => {
  it('lists published videos with filters, direction and exact meta; hides drafts and scheduled ones', async () => {
    const word = `ord${uniqueToken().replace(/[^a-z0-9]/gi, '')}`;
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const a = await item('video', { title: `Alfa ${word}`, publishedAt: at(30) });
    const b = await item('video', { title: `Beta ${word}`, publishedAt: at(20), category: otherVideoCategory });
    const c = await item('video', { title: `Gamma ${word}`, publishedAt: at(10) });
    await item('video', { title: `Utkast ${word}`, publishedAt: null });
    await item('video', { title: `Senere ${word}`, publishedAt: new Date(Date.now() + 3600_000) });
    const me = await t.session();

    const recent = await t.call(ep.videos, { as: me, query: { search: word } });
    expect(recent.parsed.data.map((v) => v.id)).toEqual([c, b, a]);
    expect(recent.parsed.meta).toEqual({ current_page: 1, last_page: 1, per_page: 10, total: 3 });

    const oldest = await t.call(ep.videos, { as: me, query: { search: word, direction: 'oldest', per_page: 2, page: 2 } });
    expect(oldest.parsed.data.map((v) => v.id)).toEqual([c]);
    expect(oldest.parsed.meta).toEqual({ current_page: 2, last_page: 2, per_page: 2, total: 3 });
    // Issue 30: `asc` and `desc` are the same as "oldest" and "recent" (was 422).
    expect((await t.call(ep.videos, { as: me, query: { search: word, direction: 'asc' } })).parsed.data.map((v) => v.id)).toEqual([a, b, c]);
    expect((await t.call(ep.videos, { as: me, query: { search: word, direction: 'desc' } })).parsed.data.map((v) => v.id)).toEqual([c, b, a]);

    const filtered = await t.call(ep.videos, { as: me, query: { search: word, categories: `${otherVideoCategory}` } });
    expect(filtered.parsed.data.map((v) => v.id)).toEqual([b]);
    const both = await t.call(ep.videos, { as: me, query: { search: word, categories: `${otherVideoCategory},${videoCategory}` } });
    expect(both.parsed.meta.total).toBe(3);

    const ofCategory = await t.call(ep.videosOfCategory, { as: me, params: { id: videoCategory }, query: { search: word } });
    expect(ofCategory.parsed.data.map((v) => v.id)).toEqual([c, a]);
    expect(ofCategory.parsed.data[0]).toMatchObject({ kind: 'video', source: 'file', progress: null, category: { id: videoCategory } });
    // Lists carry signed poster URLs: they set the binding cookie too, and are never cached.
    expect(mediaCookie(recent.headers)).toMatch(/^lg_media=\d+\./);
    expect(recent.headers['cache-control']).toBe('private, no-store');
  });

  it('counts categories per kind for what the caller may open', async () => {
    await item('audio', { accessLevel: 'doctors' });
    await item('audio');
    const doctor = await t.session();
    const student = await t.session({ roles: ['student'] });
    const count = async (me: Caller) =>
      (await t.call(ep.audioCategories, { as: me, locale: 'en' })).parsed.data.find((c) => c.id === audioCategory);
    const forDoctor = await count(doctor);
    const forStudent = await count(student);
    expect(forDoctor?.name).toBe(`Podcast ${token}`);
    expect(forDoctor!.count - forStudent!.count).toBe(1);
    const videoCats = (await t.call(ep.videoCategories, { as: doctor })).parsed.data.map((c) => c.id);
    expect(videoCats).toEqual(expect.arrayContaining([videoCategory, otherVideoCategory]));
    expect(videoCats).not.toContain(audioCategory);
  });

  it('shows one item with related items of its category and 404 for drafts, scheduled, unknown and the other kind', async () => {
    const main = await item('video', { captions: true });
    const sibling = await item('video');
    const draft = await item('video', { publishedAt: null });
    const me = await t.session();
    const res = await t.call(ep.video, { as: me, params: { id: main } });
    expect(res.parsed.data).toMatchObject({ id: main, source: 'file', resume_from_seconds: 0, external_url: null });
    expect(res.parsed.data.stream_url).toMatch(new RegExp(`^/api/media/stream/video/${main}/file\\?u=${me.user.id}&expires=\\d+&signature=`));
    expect(res.parsed.data.captions_url).toMatch(/\/captions\?/);
    expect(res.parsed.data.related.map((r) => r.id)).toContain(sibling);
    expect(res.parsed.data.related.map((r) => r.id)).not.toContain(main);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(mediaCookie(res.headers)).toMatch(/^lg_media=\d+\./);

    expect((await t.call(ep.video, { as: me, params: { id: draft } })).status).toBe(404);
    expect((await t.call(ep.video, { as: me, params: { id: 2_000_000_000 } })).status).toBe(404);
    expect((await t.call(ep.audio, { as: me, params: { id: main } })).status).not.toBe(200);
    const external = await item('audio', { file: false });
    const ext = await t.call(ep.audio, { as: me, params: { id: external } });
    expect(ext.parsed.data).toMatchObject({ source: 'url', stream_url: null, external_url: 'https://example.org/foredrag' });
  });

  it('answers 422 in the asked language for bad filters', async () => {
    const me = await t.session();
    const res = await t.call(ep.videos, { as: me, query: invalid({ direction: 'sideways', categories: 'x' }), locale: 'en' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.validation.errors)).toEqual(expect.arrayContaining(['direction', 'categories.0']));
    const bad = await t.call(ep.video, { as: me, params: invalid({ id: 'abc' }) });
    expect(bad.status).toBe(422);
  });
});

describe('signed media URLs', () => {
  it('streams with range requests (206, Content-Range), private caching, and refuses expiry and other users', async () => {
    const id = await item('video');
    const me = await t.session();
    const other = await t.session();
    const detail = await t.call(ep.video, { as: me, params: { id } });
    const url = detail.parsed.data.stream_url!;
    const cookie = mediaCookie(detail.headers);

    const whole = await fetchSigned(url, cookie);
    expect(whole.status).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(Buffer.compare(whole.body as Buffer, FILE)).toBe(0);

    const part = await fetchSigned(url, cookie, 'bytes=100-199');
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.headers['content-length']).toBe('100');
    expect(Buffer.compare(part.body as Buffer, FILE.subarray(100, 200))).toBe(0);

    const open = await fetchSigned(url, cookie, 'bytes=900-');
    expect([open.status, open.headers['content-range']]).toEqual([206, 'bytes 900-999/1000']);
    const suffix = await fetchSigned(url, cookie, 'bytes=-10');
    expect([suffix.status, suffix.headers['content-range']]).toEqual([206, 'bytes 990-999/1000']);
    const beyond = await fetchSigned(url, cookie, 'bytes=5000-6000');
    expect([beyond.status, beyond.headers['content-range']]).toEqual([416, 'bytes */1000']);
    // RFC 9110 §14.2: an unknown unit or a malformed Range is ignored: the whole file, 200.
    for (const ignored of ['items=0-10', 'bytes = 0-10', 'bytes=-0']) {
      const res = await fetchSigned(url, cookie, ignored);
      expect([ignored, res.status, res.headers['content-range'], res.headers['content-length']]).toEqual([ignored, 200, undefined, '1000']);
      expect(Buffer.compare(res.body as Buffer, FILE)).toBe(0);
    }

    // Another user's link: their own cookie does not fit it; no cookie at all neither.
    const otherDetail = await t.call(ep.video, { as: other, params: { id } });
    const otherCookie = mediaCookie(otherDetail.headers);
    const reused = await fetchSigned(url, otherCookie);
    expect(reused.status).toBe(403);
    expect((await fetchSigned(url, undefined)).status).toBe(403);
    // A changed signature, id or user is not a link at all.
    expect((await fetchSigned(url.replace(/signature=.*/, 'signature=AAAA'), cookie)).status).toBe(404);
    expect((await fetchSigned(url.replace(`u=${me.user.id}`, `u=${other.user.id}`), otherCookie)).status).toBe(404);
  });

  it('stops working after expiry', async () => {
    const id = await item('audio');
    const me = await t.session();
    const detail = await t.call(ep.audio, { as: me, params: { id } });
    const cookie = mediaCookie(detail.headers);
    const url = detail.parsed.data.stream_url!;
    expect((await fetchSigned(url, cookie)).status).toBe(200);
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'queueMicrotask'], now: Date.now() + 121_000 });
    try {
      const expired = await fetchSigned(url, cookie);
      expect(expired.status).toBe(403);
    } finally {
      jest.useRealTimers();
    }
  });

  it('stops serving an item that was unpublished', async () => {
    const id = await item('video');
    const me = await t.session();
    const detail = await t.call(ep.video, { as: me, params: { id } });
    await t.db.update(schema.videos).set({ published_at: null }).where(eq(schema.videos.id, id));
    expect((await fetchSigned(detail.parsed.data.stream_url!, mediaCookie(detail.headers))).status).toBe(404);
  });
});

describe('resume positions', () => {
  it('saves positions, shows progress, resumes, restarts after the end, and honours the resume setting', async () => {
    const id = await item('video', { duration: 100 });
    const me = await t.session();
    const save = await t.call(ep.savePosition, { as: me, body: { kind: 'video', item_id: id, position_seconds: 42.7 } });
    expect(save.parsed.data).toEqual({ position_seconds: 42, completed: false });

    const detail = await t.call(ep.video, { as: me, params: { id } });
    expect(detail.parsed.data.resume_from_seconds).toBe(42);
    expect(detail.parsed.data.progress).toEqual({ position_seconds: 42, completed: false });
    const cont = await t.call(ep.continueList, { as: me, query: { kind: 'video' } });
    expect(cont.parsed.data.map((v) => v.id)).toContain(id);

    // Another user has their own position.
    const other = await t.session();
    expect((await t.call(ep.video, { as: other, params: { id } })).parsed.data.resume_from_seconds).toBe(0);

    // Turning resume off starts from the beginning and empties "continue watching".
    await t.call(ep.updatePreferences, { as: me, body: { resume: false } });
    expect((await t.call(ep.preferences, { as: me })).parsed.data).toEqual({ resume: false });
    expect((await t.call(ep.video, { as: me, params: { id } })).parsed.data.resume_from_seconds).toBe(0);
    expect((await t.call(ep.continueList, { as: me, query: { kind: 'video' } })).parsed.data).toEqual([]);
    await t.call(ep.updatePreferences, { as: me, body: { resume: true } });

    // Played to the end: next time from the beginning, and out of "continue watching".
    const end = await t.call(ep.savePosition, { as: me, body: { kind: 'video', item_id: id, position_seconds: 99, ended: false } });
    expect(end.parsed.data.completed).toBe(true);
    expect((await t.call(ep.video, { as: me, params: { id } })).parsed.data.resume_from_seconds).toBe(0);
    expect((await t.call(ep.continueList, { as: me, query: { kind: 'video' } })).parsed.data.map((v) => v.id)).not.toContain(id);
    const ended = await t.call(ep.savePosition, { as: me, body: { kind: 'video', item_id: id, position_seconds: 10, ended: true } });
    expect(ended.parsed.data).toEqual({ position_seconds: 10, completed: true });
  });

  it('guards the resume setting: anonymous 401, bad input 422 in the asked language', async () => {
    expect((await t.call(ep.preferences, { as: null })).status).toBe(401);
    expect((await t.call(ep.updatePreferences, { as: null, body: { resume: false } })).status).toBe(401);
    expect((await t.call(ep.continueList, { as: null, query: { kind: 'audio' } })).status).toBe(401);
    const me = await t.session();
    const bad = await t.call(ep.updatePreferences, { as: me, body: invalid({ resume: 'sometimes' }), locale: 'en' });
    expect([bad.status, Object.keys(bad.validation.errors)]).toEqual([422, ['resume']]);
    const badKind = await t.call(ep.continueList, { as: me, query: invalid({ kind: 'tv' }) });
    expect(badKind.status).toBe(422);
    // Each user's setting is their own.
    await t.call(ep.updatePreferences, { as: me, body: { resume: false } });
    const other = await t.session();
    expect((await t.call(ep.preferences, { as: other })).parsed.data).toEqual({ resume: true });
  });

  it('refuses positions for items the caller cannot open, and bad input', async () => {
    const doctorsOnly = await item('audio', { accessLevel: 'doctors' });
    const student = await t.session({ roles: ['student'] });
    const res = await t.call(ep.savePosition, { as: student, body: { kind: 'audio', item_id: doctorsOnly, position_seconds: 5 } });
    expect(res.status).toBe(404);
    const unknown = await t.call(ep.savePosition, { as: student, body: { kind: 'audio', item_id: 2_000_000_000, position_seconds: 5 } });
    expect(unknown.status).toBe(404);
    const bad = await t.call(ep.savePosition, { as: student, body: invalid({ kind: 'tv', item_id: 1, position_seconds: -1 }), locale: 'en' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.validation.errors)).toEqual(expect.arrayContaining(['kind', 'position_seconds']));
    const pending = await t.session({ approvedHrp: 1 });
    const refused = await t.call(ep.savePosition, { as: pending, body: { kind: 'audio', item_id: doctorsOnly, position_seconds: 5 } });
    expect([refused.status, refused.error.reason]).toEqual([403, 'not_health_personnel']);
  });
});

describe('private podcast feed', () => {
  const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;

  it('makes, lists, serves and revokes a feed of only what its owner may hear', async () => {
    const open = await item('audio', { title: `Åpen episode ${token}` });
    const doctorsOnly = await item('audio', { title: `Legeepisode ${token}`, accessLevel: 'doctors' });
    const student = await t.session({ roles: ['student'] });
    expect((await t.call(ep.podcastFeed, { as: student })).parsed.data).toBeNull();

    const created = await t.call(ep.createPodcastFeed, { as: student });
    expect(created.status).toBe(201);
    const url = created.parsed.data.url!;
    expect(url).toMatch(/\/api\/podcast\/[A-Za-z0-9_-]{43}$/);
    const shown = await t.call(ep.podcastFeed, { as: student });
    expect(shown.parsed.data).toMatchObject({ url: null, expires_at: created.parsed.data.expires_at });

    const rss = await t.raw.get(`/api/podcast/${tokenOf(url)}`);
    expect(rss.status).toBe(200);
    expect(rss.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(rss.text).toContain(`<title>Åpen episode ${token}</title>`);
    expect(rss.text).not.toContain(`Legeepisode ${token}`);
    const enclosure = /<enclosure url="[^"]*\/api\/podcast\/[^"]+\/audio\/(\d+)"/.exec(rss.text);
    expect(enclosure).not.toBeNull();

    const file = await t.raw.get(`/api/podcast/${tokenOf(url)}/audio/${open}`).set('Range', 'bytes=0-9').buffer(true);
    expect([file.status, file.headers['content-range']]).toEqual([206, 'bytes 0-9/1000']);
    expect((await t.raw.get(`/api/podcast/${tokenOf(url)}/audio/${doctorsOnly}`)).status).toBe(404);

    // A new address replaces the old one; revoking stops it.
    const renewed = await t.call(ep.createPodcastFeed, { as: student });
    expect((await t.raw.get(`/api/podcast/${tokenOf(url)}`)).status).toBe(404);
    expect((await t.raw.get(`/api/podcast/${tokenOf(renewed.parsed.data.url!)}`)).status).toBe(200);
    expect((await t.call(ep.revokePodcastFeed, { as: student })).status).toBe(204);
    expect((await t.raw.get(`/api/podcast/${tokenOf(renewed.parsed.data.url!)}`)).status).toBe(404);
    expect((await t.call(ep.podcastFeed, { as: student })).parsed.data).toBeNull();
  });

  it('stops the moment the owner is no longer confirmed health personnel, and when it expires', async () => {
    const me = await t.session();
    const created = await t.call(ep.createPodcastFeed, { as: me });
    const path = `/api/podcast/${tokenOf(created.parsed.data.url!)}`;
    expect((await t.raw.get(path)).status).toBe(200);
    await t.db.update(schema.userInfo).set({ approved_hrp: 1 }).where(eq(schema.userInfo.user_id, me.user.id));
    expect((await t.raw.get(path)).status).toBe(404);
    await t.db.update(schema.userInfo).set({ approved_hrp: 2 }).where(eq(schema.userInfo.user_id, me.user.id));
    expect((await t.raw.get(path)).status).toBe(200);
    await t.db.update(schema.podcastFeeds).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(schema.podcastFeeds.user_id, me.user.id));
    expect((await t.raw.get(path)).status).toBe(404);
  });

  it('is refused to anonymous callers and those who may not hear the archive; unknown tokens are 404', async () => {
    expect((await t.call(ep.createPodcastFeed, { as: null })).status).toBe(401);
    expect((await t.call(ep.podcastFeed, { as: null })).status).toBe(401);
    expect((await t.call(ep.revokePodcastFeed, { as: null })).status).toBe(401);
    const noKey = await t.session({ roles: ['company_manager'] });
    const refused = await t.call(ep.podcastFeed, { as: noKey });
    expect([refused.status, refused.error.reason]).toEqual([403, 'missing_permission']);
    const pending = await t.session({ approvedHrp: 1 });
    const res = await t.call(ep.createPodcastFeed, { as: pending });
    expect([res.status, res.error.reason]).toEqual([403, 'not_health_personnel']);
    expect((await t.raw.get(`/api/podcast/${'a'.repeat(43)}`)).status).toBe(404);
    expect((await t.raw.get('/api/podcast/short')).status).toBe(404);
  });
});
