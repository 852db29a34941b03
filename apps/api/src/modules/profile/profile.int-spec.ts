import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { professionalEndpoints, profileEndpoints as ep, UserSchema } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createTestApp, type TestApp, uniqueToken } from '../../../test/app';
import { createCompany, createUser, TEST_PASSWORD, tokenFor } from '../../../test/auth';
import { type BodyIn, type Caller, invalid } from '../../../test/call';
import { fileRows, objectsExist } from '../../../test/files';
import { insertReferenceFixtures } from '../../../test/fixtures';

type Fixtures = Awaited<ReturnType<typeof insertReferenceFixtures>>;

let t: TestApp;
let fx: Fixtures;
let token: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-profile-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir, UPLOAD_MAX_MB: '0.5' } });
  token = uniqueToken();
  fx = await insertReferenceFixtures(t.db, token);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function upload(endpoint: typeof ep.uploadAvatar | typeof ep.uploadBackground, as: Caller, buffer: Buffer, name = 'photo.jpg', field = 'image') {
  return t.call(endpoint, { as, files: { [field]: { buffer, name } }, locale: 'en' });
}

/** A JPEG with EXIF orientation 6 (rotate 90°) and a GPS-looking comment in its metadata. */
const photo = (width = 400, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
    .toBuffer();

const stored = (url: string) => path.join(dataDir, 'uploads', url.replace('/api/files/', ''));

const profileBody = (): BodyIn<typeof ep.updateInformation> => ({
  first_name: 'Kari',
  last_name: 'Nordmann',
  phone: '+47 912 34 567',
  county_id: fx.county.id,
  city_id: fx.city.id,
  workplace_situation_id: null,
  specialities: [fx.specialty.id],
  workplace_hospital_id: fx.hospital.id,
  position: 'Overlege',
  about: 'Hjertelege i Bergen.',
  locale: 'en',
  theme: 'dark',
});

describe('PUT /user/profile-information', () => {
  it('saves the profile and answers the user object; GET gives the form values', async () => {
    const me = await t.session();
    const res = await t.call(ep.updateInformation, { as: me, body: profileBody() });
    expect(res.status).toBe(200);
    const user = res.parsed.data;
    expect(user).toMatchObject({ first_name: 'Kari', last_name: 'Nordmann', phone: '+4791234567', locale: 'en', theme: 'dark' });
    expect(user.user_info).toMatchObject({ county_id: fx.county.id, city_id: fx.city.id, position: 'Overlege' });
    expect(user.user_info.specialities.map((s) => s.id)).toEqual([fx.specialty.id]);

    const form = (await t.call(ep.showInformation, { as: me })).parsed.data;
    expect(form).toMatchObject({ workplace_hospital_id: fx.hospital.id, specialities: [fx.specialty.id], about: 'Hjertelege i Bergen.' });

    // A PUT replaces: cleared fields are cleared.
    const cleared = await t.call(ep.updateInformation, { as: me, body: { first_name: 'Kari', last_name: 'N', specialities: [] } });
    expect(cleared.parsed.data.user_info).toMatchObject({ county_id: null, specialities: [] });
  });

  it('answers 422 for unknown references, a city outside the county, two workplaces and bad fields', async () => {
    const me = await t.session();
    const unknown = await t.call(ep.updateInformation, { as: me, body: { ...profileBody(), county_id: 2_000_000_000, specialities: [2_000_000_000], workplace_hospital_id: null, workplace_custom_id: 2_000_000_000 }, });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.validation.errors).sort()).toEqual(['county_id', 'specialities', 'workplace_custom_id']);

    const wrongCity = await t.call(ep.updateInformation, { as: me, body: { ...profileBody(), city_id: fx.cities[2]!.id }, locale: 'en' });
    expect(wrongCity.status).toBe(422);
    expect(wrongCity.validation.errors.city_id).toEqual(['The city is not in the chosen county.']);

    const two = await t.call(ep.updateInformation, { as: me, body: { ...profileBody(), workplace_clinic_id: fx.clinic.id }, locale: 'no' });
    expect(two.status).toBe(422);
    expect(two.validation.errors.workplace_hospital_id).toEqual(['Velg bare én arbeidsplass.']);

    const bad = await t.call(ep.updateInformation, { as: me, body: invalid({ ...profileBody(), first_name: '', phone: '12', locale: 'de' }) });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.validation.errors).sort()).toEqual(['first_name', 'locale', 'phone']);
  });

  it('is refused to anonymous callers (401) and business profiles (403)', async () => {
    expect((await t.call(ep.updateInformation, { as: null, body: profileBody() })).status).toBe(401);
    const manager = await createUser(t.db);
    const company = await createCompany(t.db, { managers: [manager.id] });
    const asCompany = await tokenFor(t, manager, { actAs: company.id });
    for (const e of [ep.showInformation, ep.exportData]) {
      const res = await t.call(e, { as: asCompany });
      expect(res.status).toBe(403);
      expect(res.error.reason).toBe('business_profile_active');
    }
    expect((await t.call(ep.updateInformation, { as: asCompany, body: profileBody() })).error.reason).toBe('business_profile_active');
  });

  it('lets an account awaiting approval manage its profile', async () => {
    const me = await t.session({ status: 'awaiting_approval', approvedHrp: 0 });
    expect((await t.call(ep.updateInformation, { as: me, body: profileBody() })).status).toBe(200);
  });
});

describe('PUT /user/settings/notification', () => {
  it('saves the three switches', async () => {
    const me = await t.session();
    const body = { sms_webinar_reminders: true, email_webinar_reminders: false, important_updates: false };
    const res = await t.call(ep.updateNotificationSettings, { as: me, body });
    expect(res.status).toBe(200);
    expect(res.parsed.data.user_info.notification_settings).toEqual(body);
  });

  it('answers 401 anonymous and 422 for missing or non-boolean values', async () => {
    const me = await t.session();
    expect((await t.call(ep.updateNotificationSettings, { as: null, body: invalid({}) })).status).toBe(401);
    const bad = await t.call(ep.updateNotificationSettings, { as: me, body: invalid({ sms_webinar_reminders: 'yes' }) });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.validation.errors).sort()).toEqual(['email_webinar_reminders', 'important_updates', 'sms_webinar_reminders']);
  });
});

describe('avatar and background uploads', () => {
  it('re-encodes the image upright as WebP without metadata, serves it, and removes the old one', async () => {
    const me = await t.session();
    const res = await upload(ep.uploadAvatar, me, await photo());
    expect(res.status).toBe(200);
    const user = res.parsed.data;
    expect(user.profile_avatar).toMatch(/^\/api\/files\/avatars\/[a-f0-9]{32}-lg\.webp$/);

    const file = await t.http.get(user.profile_avatar!);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toContain('max-age=31536000');
    const meta = await sharp(file.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(fs.readFileSync(stored(user.profile_avatar!)).includes('secret-camera-owner')).toBe(false);
    expect(fs.existsSync(stored(user.profile_avatar!).replace('-lg.', '-sm.'))).toBe(true);
    // One stored_files row per size, owned by the uploader; the user row points at the main one.
    const rows = await fileRows(t.db, user.profile_avatar!);
    expect(rows.map((r) => [r.kind, r.variant, r.owner_user_id, r.content_type])).toEqual([
      ['avatar', 'lg', user.id, 'image/webp'],
      ['avatar', 'sm', user.id, 'image/webp'],
    ]);
    expect(rows[0]).toMatchObject({ width: 512, height: 512, original_id: null });
    expect(rows[1]).toMatchObject({ width: 128, height: 128, original_id: rows[0]!.id });
    const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row!.avatar_file_id).toBe(rows[0]!.id);

    const second = (await upload(ep.uploadAvatar, me, await photo())).parsed.data;
    expect(second.profile_avatar).not.toBe(user.profile_avatar);
    expect(fs.existsSync(stored(user.profile_avatar!))).toBe(false);
    expect(objectsExist(dataDir, rows.map((r) => r.storage_key))).toEqual([false, false]);
    expect(await fileRows(t.db, user.profile_avatar!)).toEqual([]);
    expect(await fileRows(t.db, second.profile_avatar!)).toHaveLength(2);
    expect((await t.http.get(user.profile_avatar!)).status).toBe(404);

    const bg = await upload(ep.uploadBackground, me, await photo(1200, 500), 'bg.png');
    expect(bg.status).toBe(200);
    const background = bg.parsed.data.profile_background!;
    expect(background).toMatch(/^\/api\/files\/backgrounds\//);
    const bgMeta = await sharp((await t.http.get(background)).body as Buffer).metadata();
    expect(bgMeta).toMatchObject({ width: 1600, height: 600 });
  });

  it('turns the picture by its EXIF orientation', async () => {
    const me = await t.session();
    const tiny = await upload(ep.uploadBackground, me, await photo(150, 900));
    // Rotated, the short side is 150 < 200: refused, which it would not be unrotated (900 tall).
    expect(tiny.status).toBe(422);
    expect(tiny.validation.errors.image).toEqual(['The image is too small (at least 200 pixels on each side).']);
  });

  it('refuses a text file named .png (422), no file (422), another field (422) and a too large file (413)', async () => {
    const me = await t.session();
    const text = await upload(ep.uploadAvatar, me, Buffer.from('I am not an image at all'), 'evil.png');
    expect(text.status).toBe(422);
    expect(text.validation.errors.image).toEqual(['This file type is not supported. Use JPEG, PNG or WebP.']);

    const svg = await upload(ep.uploadAvatar, me, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.svg');
    expect(svg.status).toBe(422);

    const broken = Buffer.concat([(await photo()).subarray(0, 200)]);
    const truncated = await upload(ep.uploadAvatar, me, broken, 'broken.jpg');
    expect(truncated.status).toBe(422);

    const none = await t.call(ep.uploadAvatar, { as: me, body: invalid({ name: 'x' }) });
    expect(none.status).toBe(422);
    expect(none.validation.errors.image).toBeDefined();

    const wrongField = await upload(ep.uploadAvatar, me, await photo(), 'a.jpg', 'avatar');
    expect(wrongField.status).toBe(422);

    const big = await sharp({ create: { width: 2000, height: 2000, channels: 3, background: '#888' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const tooLarge = await upload(ep.uploadAvatar, me, big, 'big.png');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.error.message).toBe('The file or request is too large.');

    const json = await t.call(ep.uploadAvatar, { as: me, body: { image: 'x' } });
    expect(json.status).toBe(422);
  });

  it('refuses anonymous callers before reading the body', async () => {
    expect((await upload(ep.uploadAvatar, null, await photo())).status).toBe(401);
    expect((await upload(ep.uploadBackground, null, await photo())).status).toBe(401);
  });
});

describe('GET /api/files/*', () => {
  it('answers 404 for unknown, malformed and traversing keys', async () => {
    for (const p of [
      '/api/files/avatars/0123456789abcdef0123456789abcdef-lg.webp',
      '/api/files/avatars/nope.webp',
      '/api/files/..%2f..%2fpackage.json',
      '/api/files/avatars/..%2F..%2F..%2Fetc%2Fpasswd',
    ]) {
      const res = await t.http.get(p);
      expect(res.status).toBe(404);
    }
  });
});

describe('GET /profile/:slug', () => {
  it("shows a member's public page with experience and education", async () => {
    const viewer = await t.session();
    const person = await t.session();
    await t.call(ep.updateInformation, { as: person, body: profileBody() });
    await t.call(professionalEndpoints.createExperience, { as: person, body: { workplace_type: 'hospital', hospital_id: fx.hospital.id, started_at: '2010-01-01', is_current: true }, });
    await t.call(professionalEndpoints.createEducation, { as: person, body: { university_id: fx.university.id, started_at: '2003-08-01' } });

    const res = await t.call(ep.show, { as: viewer, params: { slug: person.user.slug }, locale: 'no' });
    expect(res.status).toBe(200);
    const profile = res.parsed.data;
    expect(profile).toMatchObject({
      first_name: 'Kari',
      workplace_name: `Sykehuset ${token}`,
      county: { id: fx.county.id, name: `Østfylke ${token}` },
      is_me: false,
    });
    expect(profile.specialities.map((s) => s.name)).toEqual([`Indremedisin ${token}`]);
    expect(profile.professional_experiences).toHaveLength(1);
    expect(profile.educations).toHaveLength(1);
    expect(JSON.stringify(profile)).not.toContain(person.user.email);
    expect(JSON.stringify(profile)).not.toContain('+4791234567');
  });

  it('answers 401 anonymous, 403 for accounts not approved, 404 for unknown, blocked and deleted people', async () => {
    const person = await t.session();
    expect((await t.call(ep.show, { as: null, params: { slug: person.user.slug } })).status).toBe(401);
    const pending = await t.session({ status: 'awaiting_approval', approvedHrp: 0 });
    const refused = await t.call(ep.show, { as: pending, params: { slug: person.user.slug } });
    expect(refused.status).toBe(403);
    expect(refused.error.reason).toBe('account_not_approved');

    const viewer = await t.session();
    expect((await t.call(ep.show, { as: viewer, params: { slug: `nobody-${token}` } })).status).toBe(404);
    const blocked = await createUser(t.db, { status: 'blocked' });
    expect((await t.call(ep.show, { as: viewer, params: { slug: blocked.slug } })).status).toBe(404);
  });
});

describe('GET /user/export', () => {
  it('downloads all own data as JSON, without secrets', async () => {
    const me = await t.session();
    const { user } = me;
    await t.call(ep.updateInformation, { as: me, body: profileBody() });
    await t.call(professionalEndpoints.createEducation, { as: me, body: { university_id: fx.university.id, started_at: '2003-08-01' } });
    const res = await t.call(ep.exportData, { as: me });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="legenett-.+\.json"$/);
    const body = res.parsed;
    expect(body.user.email).toBe(user.email);
    expect(body.data.educations).toHaveLength(1);
    expect(body.data.user_specialties).toHaveLength(1);
    expect(body.data.sessions!.length).toBeGreaterThan(0);
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/password_hash|two_factor_secret|token_hash|\$2[aby]\$/);
  });

  it('answers 401 anonymous', async () => {
    expect((await t.call(ep.exportData, { as: null })).status).toBe(401);
  });
});

describe('DELETE /user', () => {
  it('erases personal data, files and sessions, keeps an anonymous tombstone', async () => {
    const s = await t.session();
    const other = await t.session();
    await t.call(ep.updateInformation, { as: s, body: profileBody() });
    const avatar = (await upload(ep.uploadAvatar, s, await photo())).parsed.data.profile_avatar!;
    await t.call(professionalEndpoints.createExperience, { as: s, body: { workplace_type: 'other', employer: 'Legevakt', started_at: '2010-01-01' }, });
    await t.db.insert(schema.userFollows).values({ follower_id: other.user.id, followed_user_id: s.user.id });

    const wrong = await t.call(ep.deleteAccount, { as: s, body: { reason_to_delete: 'Bytter jobb', password: 'Wrong!Pass1' }, locale: 'en' });
    expect(wrong.status).toBe(422);
    expect(wrong.validation.errors.password).toEqual(['The password is wrong.']);

    const res = await t.call(ep.deleteAccount, { as: s, body: { reason_to_delete: 'Bytter jobb', password: TEST_PASSWORD } });
    expect(res.status).toBe(204);

    const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, s.user.id));
    expect(row).toMatchObject({ password_hash: null, phone: null, avatar_file_id: null, reason_to_delete: 'Bytter jobb', first_name: 'Slettet' });
    expect(row!.email).not.toBe(s.user.email);
    expect(row!.deleted_at).toBeInstanceOf(Date);
    expect(row!.sessions_valid_after).toBeInstanceOf(Date);
    const families = await t.db.select().from(schema.refreshTokenFamilies).where(eq(schema.refreshTokenFamilies.user_id, s.user.id));
    expect(families.length).toBeGreaterThan(0);
    expect(families.every((f) => f.revoked_at !== null)).toBe(true);
    expect(await t.db.select().from(schema.userInfo).where(eq(schema.userInfo.user_id, s.user.id))).toEqual([]);
    expect(await t.db.select().from(schema.professionalExperiences).where(eq(schema.professionalExperiences.user_id, s.user.id))).toEqual([]);
    expect(await t.db.select().from(schema.userFollows).where(eq(schema.userFollows.followed_user_id, s.user.id))).toEqual([]);
    expect(fs.existsSync(stored(avatar))).toBe(false);
    expect(await fileRows(t.db, avatar)).toEqual([]);
    expect(await t.db.select().from(schema.storedFiles).where(eq(schema.storedFiles.owner_user_id, s.user.id))).toEqual([]);
    expect((await t.http.get(avatar)).status).toBe(404);

    // The old access token and the profile page are gone; the e-mail is free again.
    expect((await t.call(ep.showInformation, { as: s })).status).toBe(401);
    expect((await t.call(ep.show, { as: other, params: { slug: s.user.slug } })).status).toBe(404);
    const refresh = await t.http.post('/api/user/access-token/refresh').set('Cookie', s.refreshCookie);
    expect(refresh.status).toBe(401);
    const again = await createUser(t.db, { email: s.user.email });
    expect(again.id).not.toBe(s.user.id);
  });

  it('answers 401 anonymous and 422 without a reason or password', async () => {
    const s = await t.session();
    expect((await t.call(ep.deleteAccount, { as: null, body: { reason_to_delete: 'x', password: TEST_PASSWORD } })).status).toBe(401);
    const bad = await t.call(ep.deleteAccount, { as: s, body: invalid({}) });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.validation.errors).sort()).toEqual(['password', 'reason_to_delete']);
    expect(UserSchema.safeParse({}).success).toBe(false);
  });
});
