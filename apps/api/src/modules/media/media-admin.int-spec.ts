import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminMediaEndpoints as admin, mediaEndpoints as ep, referenceEndpoints } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createTestApp, type TestApp, uniqueToken } from '../../../test/app';
import { type Caller, invalid } from '../../../test/call';
import { insertReferenceFixtures } from '../../../test/fixtures';

let t: TestApp;
let token: string;
let dataDir: string;
let adminUser: Caller;
let adminId: number;
let doctor: Caller;
let videoFile: Buffer;
let audioFile: Buffer;
let specialtyId: number;

/** A one-second test pattern and tone, made with ffmpeg (installed by .ci/run and the Dockerfile). */
function makeMedia(dir: string) {
  const video = path.join(dir, 'clip.mp4');
  const audio = path.join(dir, 'tone.mp3');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=64x48:rate=5', '-pix_fmt', 'yuv420p', '-y', video]);
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-b:a', '32k', '-y', audio]);
  return { video: fs.readFileSync(video), audio: fs.readFileSync(audio) };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-media-admin-'));
  ({ video: videoFile, audio: audioFile } = makeMedia(dataDir));
  t = await createTestApp({ env: { DATA_DIR: dataDir, MEDIA_UPLOAD_MAX_MB: '0.2' } });
  token = uniqueToken();
  specialtyId = (await insertReferenceFixtures(t.db, token)).specialty.id;
  const adminSession = await t.session({ roles: ['admin'] });
  adminUser = adminSession;
  adminId = adminSession.user.id;
  doctor = await t.session();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('admin media access', () => {
  it('answers 401 to anonymous callers and 403 to non-administrators', async () => {
    for (const as of [null, doctor]) {
      const list = await t.call(admin.list, { as, query: { kind: 'video' } });
      const cats = await t.call(admin.categories, { as, query: { kind: 'audio' } });
      const expected = as ? [403, 'missing_permission'] : [401, undefined];
      expect([list.status, list.error.reason]).toEqual(expected);
      expect([cats.status, cats.error.reason]).toEqual(expected);
    }
    const create = await t.call(admin.create, {
      as: doctor,
      params: { kind: 'video' },
      body: { title: 'x y z' },
      files: { file: { buffer: videoFile, name: 'clip.mp4' } },
    });
    expect(create.status).toBe(403);
    const settings = await t.call(admin.updateFrontendSettings, { as: doctor, body: { prev_image_video_src: '/x.jpg' } });
    expect(settings.status).toBe(403);
  });
});

describe('uploads', () => {
  it('uploads a video, reads its duration and poster frame, publishes it, and a doctor plays it', async () => {
    const res = await t.call(admin.create, {
      as: adminUser,
      params: { kind: 'video' },
      body: { title: `Suturteknikk ${token}`, description: 'Enkle knuter', publish: 'true' },
      files: { file: { buffer: videoFile, name: 'clip.mp4' } },
    });
    expect(res.status).toBe(201);
    expect(res.parsed.data).toMatchObject({ kind: 'video', source: 'file', state: 'published', duration_seconds: 2, notice: null });
    expect(res.parsed.data.poster_url).toMatch(/\/poster\?/);
    expect(res.parsed.data.file_size_bytes).toBe(videoFile.length);
    // This file's uploads are the administrator's (other test files share the database).
    const [row] = await t.db
      .select()
      .from(schema.storedFiles)
      .where(and(eq(schema.storedFiles.kind, 'media_video'), eq(schema.storedFiles.owner_user_id, adminId)));
    expect(row?.storage_key).toMatch(/^media\/[a-f0-9]{32}\.mp4$/);
    expect(fs.existsSync(path.join(dataDir, 'uploads', row!.storage_key))).toBe(true);

    const seen = await t.call(ep.video, { as: doctor, params: { id: res.parsed.data.id } });
    expect(seen.status).toBe(200);
    const cookie = String(seen.headers['set-cookie']).split(';')[0]!;
    const poster = await t.raw.get(seen.parsed.data.poster_url!).set('Cookie', cookie);
    expect([poster.status, poster.headers['content-type']]).toEqual([200, 'image/webp']);
    const ranged = await t.raw.get(seen.parsed.data.stream_url!).set('Cookie', cookie).set('Range', 'bytes=0-15');
    expect([ranged.status, ranged.headers['content-range']]).toEqual([206, `bytes 0-15/${videoFile.length}`]);
  });

  it("takes an administrator's poster image in place of the frame, removing the previous poster; refuses a bad file and an unknown item", async () => {
    const res = await t.call(admin.create, {
      as: adminUser,
      params: { kind: 'audio' },
      body: { title: `Plakat ${token}`, description: 'Med omslag', publish: 'true' },
      files: { file: { buffer: audioFile, name: 'tone.mp3' } },
    });
    expect(res.status).toBe(201);
    expect(res.parsed.data.poster_url).toBeNull();
    const id = res.parsed.data.id;
    const png = () => sharp({ create: { width: 320, height: 180, channels: 3, background: { r: 10, g: 90, b: 200 } } }).png().toBuffer();
    const posterRows = () =>
      t.db.select({ id: schema.audioTracks.poster_file_id }).from(schema.audioTracks).where(eq(schema.audioTracks.id, id));

    const first = await t.call(admin.poster, { as: adminUser, params: { kind: 'audio', id }, body: {}, files: { poster: { buffer: await png(), name: 'cover.png' } } });
    expect(first.status).toBe(200);
    expect(first.parsed.data.poster_url).toMatch(/\/poster\?/);
    const [{ id: firstPoster }] = (await posterRows()) as [{ id: number }];
    const second = await t.call(admin.poster, { as: adminUser, params: { kind: 'audio', id }, body: {}, files: { poster: { buffer: await png(), name: 'cover2.png' } } });
    expect(second.status).toBe(200);
    const [{ id: secondPoster }] = (await posterRows()) as [{ id: number }];
    expect(secondPoster).not.toBe(firstPoster);
    // The previous poster's row is gone (the one file model: nothing points at it any more).
    expect(await t.db.select().from(schema.storedFiles).where(eq(schema.storedFiles.id, firstPoster))).toHaveLength(0);

    // A doctor gets it (the list cards and the page use the same signed poster URL).
    const seen = await t.call(ep.audio, { as: doctor, params: { id } });
    const cookie = String(seen.headers['set-cookie']).split(';')[0]!;
    const poster = await t.raw.get(seen.parsed.data.poster_url!).set('Cookie', cookie);
    expect([poster.status, poster.headers['content-type']]).toEqual([200, 'image/webp']);

    const bad = await t.call(admin.poster, { as: adminUser, params: { kind: 'audio', id }, body: {}, files: { poster: { buffer: Buffer.from('not an image'), name: 'x.png' } }, locale: 'en' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.validation.errors)).toEqual(['poster']);
    const unknown = await t.call(admin.poster, { as: adminUser, params: { kind: 'video', id: 987654321 }, body: {}, files: { poster: { buffer: await png(), name: 'x.png' } } });
    expect(unknown.status).toBe(404);
    const refused = await t.call(admin.poster, { as: doctor, params: { kind: 'audio', id }, body: {}, files: { poster: { buffer: await png(), name: 'x.png' } } });
    expect(refused.status).toBe(403);
  });

  it('uploads audio as a draft, schedules, publishes and unpublishes it', async () => {
    const res = await t.call(admin.create, {
      as: adminUser,
      params: { kind: 'audio' },
      body: { title: `Legepodden ${token}` },
      files: { file: { buffer: audioFile, name: 'tone.mp3' } },
    });
    expect(res.parsed.data).toMatchObject({ state: 'draft', duration_seconds: 2, published_at: null });
    const id = res.parsed.data.id;
    const params = { kind: 'audio', id } as const;
    expect((await t.call(ep.audio, { as: doctor, params: { id } })).status).toBe(404);

    const later = new Date(Date.now() + 3600_000).toISOString();
    const scheduled = await t.call(admin.publish, { as: adminUser, params, body: { publish_at: later } });
    expect(scheduled.parsed.data.state).toBe('scheduled');
    expect((await t.call(ep.audio, { as: doctor, params: { id } })).status).toBe(404);

    // The list's cached count (keyed by the minute) does not hide what is published this minute.
    const listed = async () => {
      const page = await t.call(ep.audioList, { as: doctor, query: { search: `Legepodden ${token}` } });
      expect(page.status).toBe(200);
      return { ids: page.parsed.data.map((a) => a.id), total: page.parsed.meta.total };
    };
    expect(await listed()).toEqual({ ids: [], total: 0 });
    const now = await t.call(admin.publish, { as: adminUser, params, body: {} });
    expect(now.parsed.data.state).toBe('published');
    expect((await t.call(ep.audio, { as: doctor, params: { id } })).status).toBe(200);
    expect(await listed()).toEqual({ ids: [id], total: 1 });

    const off = await t.call(admin.unpublish, { as: adminUser, params });
    expect(off.parsed.data.state).toBe('draft');
    expect((await t.call(ep.audio, { as: doctor, params: { id } })).status).toBe(404);
  });

  it('refuses wrong magic bytes, the wrong kind, unreadable media and too large files', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const cases = [
      ['video', png, 'x.mp4', 'The video must be an MP4 or WebM file.'],
      ['video', audioFile, 'tone.mp3', 'The video must be an MP4 or WebM file.'],
      ['audio', videoFile, 'clip.mp4', 'The audio file must be an MP3, M4A or OGG file.'],
      ['audio', Buffer.concat([Buffer.from('ID3'), Buffer.alloc(2000, 7)]), 'fake.mp3', 'The file could not be read as audio or video.'],
    ] as const;
    for (const [kind, buffer, name, message] of cases) {
      const res = await t.call(admin.create, {
        as: adminUser,
        params: { kind },
        body: { title: `Feil ${token}` },
        files: { file: { buffer, name } },
        locale: 'en',
      });
      expect([name, res.status, res.validation.errors.file]).toEqual([name, 422, [message]]);
    }
    const big = Buffer.concat([videoFile.subarray(0, 32), Buffer.alloc(300 * 1024)]);
    const tooLarge = await t.call(admin.create, {
      as: adminUser,
      params: { kind: 'video' },
      body: { title: `Stor ${token}` },
      files: { file: { buffer: big, name: 'big.mp4' } },
    });
    expect(tooLarge.status).toBe(413);
    const none = await t.call(admin.create, { as: adminUser, params: { kind: 'video' }, body: { title: `Tom ${token}` }, locale: 'en' });
    expect(none.validation.errors.file).toEqual(['Choose a file, or give a link or embed code.']);
    const badKind = await t.call(admin.create, { as: adminUser, params: invalid({ kind: 'tv' }), body: { title: 'abc' } });
    expect(badKind.status).toBe(422);
    // Nothing of the refused uploads stayed behind.
    const rows = await t.db
      .select()
      .from(schema.storedFiles)
      .where(and(eq(schema.storedFiles.kind, 'media_audio'), eq(schema.storedFiles.owner_user_id, adminId)));
    expect(rows.every((r) => r.size_bytes === audioFile.length)).toBe(true);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('takes an external link or a sanitised embed instead of a file, and an access level', async () => {
    const embed = await t.call(admin.create, {
      as: adminUser,
      params: { kind: 'video' },
      body: {
        title: `Innebygd ${token}`,
        embed_code: '<iframe src="https://player.vimeo.com/video/12345" onload="x()"></iframe>',
        access_level: 'specialties',
        specialty_ids: String(specialtyId),
        publish: 'true',
      },
    });
    expect(embed.status).toBe(201);
    expect(embed.parsed.data.embed_code).toMatch(/^<iframe src="https:\/\/player\.vimeo\.com\/video\/12345"/);
    expect(embed.parsed.data.embed_code).not.toContain('onload');
    expect(embed.parsed.data).toMatchObject({ source: 'embed', access_level: 'specialties', specialty_ids: [specialtyId] });

    const bad = await t.call(admin.create, {
      as: adminUser,
      params: { kind: 'video' },
      body: { title: `Ond ${token}`, embed_code: '<script>alert(1)</script>', access_level: 'specialties' },
      locale: 'en',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.validation.errors)).toEqual(expect.arrayContaining(['embed_code', 'specialty_ids']));

    const link = await t.call(admin.create, {
      as: adminUser,
      params: { kind: 'audio' },
      body: { title: `Lenke ${token}`, external_url: 'https://podkast.example.no/ep1' },
    });
    expect(link.parsed.data).toMatchObject({ source: 'url', external_url: 'https://podkast.example.no/ep1', state: 'draft' });
    const both = await t.call(admin.create, {
      as: adminUser,
      params: { kind: 'audio' },
      body: { title: `Begge ${token}`, external_url: 'https://podkast.example.no/ep1', embed_code: 'https://player.vimeo.com/video/1' },
    });
    expect(both.status).toBe(422);
  });

  it('edits, adds captions, deletes with files and positions, and 404s unknown items', async () => {
    const created = await t.call(admin.create, {
      as: adminUser,
      params: { kind: 'video' },
      body: { title: `Endres ${token}`, publish: 'true' },
      files: { file: { buffer: videoFile, name: 'clip.mp4' } },
    });
    const params = { kind: 'video', id: created.parsed.data.id } as const;
    const updated = await t.call(admin.update, {
      as: adminUser,
      params,
      body: { title: `Endret ${token}`, description: 'Ny tekst', access_level: 'doctors' },
    });
    expect(updated.parsed.data).toMatchObject({ title: `Endret ${token}`, access_level: 'doctors', state: 'published' });
    const withLink = await t.call(admin.update, { as: adminUser, params, body: { title: 'abc', external_url: 'https://x.example.no/a' } });
    expect(withLink.status).toBe(422);

    const vtt = Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nHei\n');
    const captions = await t.call(admin.captions, { as: adminUser, params, files: { captions: { buffer: vtt, name: 'a.vtt' } } });
    expect(captions.parsed.data.has_captions).toBe(true);
    const notVtt = await t.call(admin.captions, { as: adminUser, params, files: { captions: { buffer: Buffer.from('hello'), name: 'a.vtt' } }, locale: 'en' });
    expect(notVtt.validation.errors.captions).toEqual(['Captions must be a WebVTT file (.vtt).']);
    const detail = await t.call(ep.video, { as: doctor, params: { id: params.id } });
    const text = await t.raw.get(detail.parsed.data.captions_url!).set('Cookie', String(detail.headers['set-cookie']).split(';')[0]!);
    expect([text.status, text.headers['content-type'], text.text]).toEqual([200, 'text/vtt', vtt.toString()]);

    await t.call(ep.savePosition, { as: doctor, body: { kind: 'video', item_id: params.id, position_seconds: 1 } });
    const keys = (await t.db.select().from(schema.storedFiles)).map((r) => r.storage_key);
    expect((await t.call(admin.remove, { as: adminUser, params })).status).toBe(204);
    expect((await t.call(admin.show, { as: adminUser, params })).status).toBe(404);
    const positions = await t.db.select().from(schema.mediaPositions).where(eq(schema.mediaPositions.item_id, params.id));
    expect(positions.filter((p) => p.kind === 'video')).toEqual([]);
    const left = new Set((await t.db.select().from(schema.storedFiles)).map((r) => r.storage_key));
    expect(keys.filter((k) => !left.has(k)).length).toBeGreaterThanOrEqual(3); // file, poster (+ its sizes), captions

    for (const call of [
      t.call(admin.remove, { as: adminUser, params }),
      t.call(admin.publish, { as: adminUser, params, body: {} }),
      t.call(admin.unpublish, { as: adminUser, params }),
      t.call(admin.update, { as: adminUser, params, body: { title: 'abc', external_url: 'https://x.example.no/a' } }),
    ]) {
      expect((await call).status).toBe(404);
    }
  });

  it('keeps the file without duration and poster, with a clear notice, when ffmpeg is missing', async () => {
    const missing = path.join(dataDir, 'no-such-bin');
    const bare = await createTestApp({ env: { DATA_DIR: dataDir, FFPROBE_PATH: `${missing}/ffprobe`, FFMPEG_PATH: `${missing}/ffmpeg` } });
    try {
      const res = await bare.call(admin.create, {
        as: await bare.session({ roles: ['admin'] }),
        params: { kind: 'video' },
        body: { title: `Uten ffmpeg ${token}` },
        files: { file: { buffer: videoFile, name: 'clip.mp4' } },
        locale: 'en',
      });
      expect(res.status).toBe(201);
      expect(res.parsed.data).toMatchObject({ duration_seconds: null, poster_url: null, source: 'file' });
      expect(res.parsed.data.notice).toMatch(/lacks ffmpeg\/ffprobe/);
    } finally {
      await bare.close();
    }
  });

  it('refuses bad edits and publishing times in the asked language', async () => {
    const link = await t.call(admin.create, { as: adminUser, params: { kind: 'audio' }, body: { title: `Lenke2 ${token}`, external_url: 'https://x.example.no/b' } });
    const id = link.parsed.data.id;
    expect((await t.call(admin.show, { as: adminUser, params: { kind: 'audio', id } })).status).toBe(200);
    const bad = await t.call(admin.update, { as: adminUser, params: { kind: 'audio', id }, body: invalid({ title: 'x', access_level: 'everyone' }), locale: 'en' });
    expect([bad.status, Object.keys(bad.validation.errors).sort()]).toEqual([422, ['access_level', 'title']]);
    const badPublish = await t.call(admin.publish, { as: adminUser, params: { kind: 'audio', id }, body: invalid({ publish_at: 'tomorrow' }) });
    expect(badPublish.status).toBe(422);
  });

  it('lists all items of a kind for administrators', async () => {
    const res = await t.call(admin.list, { as: adminUser, query: { kind: 'video', search: token } });
    expect(res.status).toBe(200);
    expect(res.parsed.data.every((v) => v.kind === 'video')).toBe(true);
    expect(res.parsed.meta.total).toBe(res.parsed.data.length);
  });
});

describe('caption search', () => {
  it('finds what is said in captions and links to the second, only in items the caller may open', async () => {
    const word = `stetoskop${Date.now().toString(36).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
    const vtt = Buffer.from(`WEBVTT\n\n00:00.000 --> 00:02.000\nVelkommen\n\n00:01:05.000 --> 00:01:08.000\nHer bruker vi ${word} på pasienten\n`);
    const make = async (access: 'all' | 'doctors') => {
      const res = await t.call(admin.create, {
        as: adminUser,
        params: { kind: 'video' },
        body: { title: `Undersøkelse ${access} ${token}`, publish: 'true', access_level: access },
        files: { file: { buffer: videoFile, name: 'clip.mp4' } },
      });
      await t.call(admin.captions, { as: adminUser, params: { kind: 'video', id: res.parsed.data.id }, files: { captions: { buffer: vtt, name: 'c.vtt' } } });
      return res.parsed.data.id;
    };
    const open = await make('all');
    const doctorsOnly = await make('doctors');

    const hits = await t.call(ep.captionSearch, { as: doctor, query: { kind: 'video', search: word } });
    expect(hits.parsed.meta.total).toBe(2);
    expect(hits.parsed.data.map((h) => [h.item.id, h.start_seconds])).toEqual(
      expect.arrayContaining([
        [open, 65],
        [doctorsOnly, 65],
      ]),
    );
    expect(hits.parsed.data[0]!.text).toBe(`Her bruker vi ${word} på pasienten`);

    const student = await t.session({ roles: ['student'] });
    const studentHits = await t.call(ep.captionSearch, { as: student, query: { kind: 'video', search: word } });
    expect(studentHits.parsed.data.map((h) => h.item.id)).toEqual([open]);
    expect((await t.call(ep.captionSearch, { as: doctor, query: { kind: 'audio', search: word } })).parsed.meta.total).toBe(0);

    // Deleting the item takes its cues along.
    await t.call(admin.remove, { as: adminUser, params: { kind: 'video', id: open } });
    expect((await t.call(ep.captionSearch, { as: doctor, query: { kind: 'video', search: word } })).parsed.meta.total).toBe(1);

    expect((await t.call(ep.captionSearch, { as: null, query: { kind: 'video', search: word } })).status).toBe(401);
    const short = await t.call(ep.captionSearch, { as: doctor, query: invalid({ kind: 'video', search: 'x' }), locale: 'en' });
    expect([short.status, Object.keys(short.validation.errors)]).toEqual([422, ['search']]);
  });
});

describe('categories and frontend settings', () => {
  it('creates, renames and deletes categories in both languages', async () => {
    const created = await t.call(admin.createCategory, {
      as: adminUser,
      body: { type: 'video', name: { no: `Hjerte ${token}`, en: `Heart ${token}` } },
    });
    expect(created.status).toBe(201);
    const id = created.parsed.data.id;
    expect(created.parsed.data).toMatchObject({ type: 'video', items_count: 0 });
    const en = await t.call(ep.videoCategories, { as: doctor, locale: 'en' });
    expect(en.parsed.data.find((c) => c.id === id)?.name).toBe(`Heart ${token}`);
    const renamed = await t.call(admin.updateCategory, { as: adminUser, params: { id }, body: { name: { no: `Hjerte2 ${token}`, en: `Heart2 ${token}` } } });
    expect(renamed.parsed.data.name).toEqual({ no: `Hjerte2 ${token}`, en: `Heart2 ${token}` });
    const bad = await t.call(admin.createCategory, { as: adminUser, body: invalid({ type: 'video', name: { no: 'x' } }), locale: 'en' });
    expect(bad.status).toBe(422);
    // A category of the other kind is refused on an item.
    const wrong = await t.call(admin.create, {
      as: adminUser,
      params: { kind: 'audio' },
      body: { title: `Feil kategori ${token}`, external_url: 'https://x.example.no/a', category_id: id },
      locale: 'en',
    });
    expect(wrong.validation.errors.category_id).toEqual(['The category does not exist for this kind.']);
    // An audio item is not found as a video; unknown categories are 404; bad input 422.
    expect((await t.call(admin.updateCategory, { as: adminUser, params: { id: 2_000_000_000 }, body: { name: { no: 'Abc', en: 'Abc' } } })).status).toBe(404);
    const notMedia = await t.db.insert(schema.categories).values({ code: `c-${token}`, type: 'course', name: { no: 'Kurs', en: 'Course' } }).returning({ id: schema.categories.id });
    expect((await t.call(admin.deleteCategory, { as: adminUser, params: { id: notMedia[0]!.id } })).status).toBe(404);
    expect((await t.call(admin.updateCategory, { as: doctor, params: { id }, body: { name: { no: 'Abc', en: 'Abc' } } })).status).toBe(403);
    expect((await t.call(admin.deleteCategory, { as: adminUser, params: { id } })).status).toBe(204);
    expect((await t.call(admin.deleteCategory, { as: adminUser, params: { id } })).status).toBe(404);
  });

  it('edits the home page preview video', async () => {
    const res = await t.call(admin.updateFrontendSettings, {
      as: adminUser,
      body: { prev_image_video_src: '/media/preview/ny.jpg', prev_image_video_link: '/videos/1' },
    });
    expect(res.parsed.data).toEqual({ prev_image_video_src: '/media/preview/ny.jpg', prev_image_video_link: '/videos/1' });
    const pub = await t.call(referenceEndpoints.frontendSettings, { as: null });
    expect(pub.parsed.data).toEqual(res.parsed.data);
    const bad = await t.call(admin.updateFrontendSettings, { as: adminUser, body: { prev_image_video_link: 'javascript:alert(1)' } });
    expect(bad.status).toBe(422);
    // Protocol-relative and backslash paths lead off the site: refused, in the asked language.
    for (const link of ['//evil.example/x', '/\\evil.example', '/\\/evil.example', 'https:evil.example', 'http://evil.example', ' //evil.example']) {
      const res = await t.call(admin.updateFrontendSettings, { as: adminUser, body: { prev_image_video_link: link }, locale: 'en' });
      expect([link, res.status, res.validation.errors.prev_image_video_link]).toEqual([
        link,
        422,
        ['Use a link that starts with https://, or a path on this site that starts with a single /.'],
      ]);
    }
    expect((await t.call(admin.updateFrontendSettings, { as: adminUser, body: { prev_image_video_src: '//evil.example/x.jpg' } })).status).toBe(422);
    // One stored before the rule is not handed out.
    await t.db.update(schema.frontendSettings).set({ value: '//evil.example/x' }).where(eq(schema.frontendSettings.key, 'prev_image_video_link'));
    expect((await t.call(referenceEndpoints.frontendSettings, { as: null })).parsed.data.prev_image_video_link).toBeNull();
    const ok = await t.call(admin.updateFrontendSettings, { as: adminUser, body: { prev_image_video_link: 'https://legenett.no/videos/2' } });
    expect(ok.parsed.data.prev_image_video_link).toBe('https://legenett.no/videos/2');
  });
});
