import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { schema } from '@legenett/db';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCompany, createUser } from '../../../test/auth';
import { fileRows, objectsExist } from '../../../test/files';
import { AccountDataService } from '../account-data';
import { AppError } from '../errors/app-error';
import { keyOf, newKeyBase, Storage } from '../storage/storage';
import { FilesService } from './files.service';

let t: TestApp;
let dataDir: string;
let files: FilesService;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-files-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  files = t.app.get(FilesService);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A multer memory file, as controllers hand it over. */
const upload = (buffer: Buffer, originalname = 'upload.bin'): Express.Multer.File =>
  ({ buffer, size: buffer.length, originalname, fieldname: 'file', mimetype: 'application/octet-stream' }) as Express.Multer.File;
const png = async () => upload(await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer(), 'x.png');
const pdf = () => upload(Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n'), 'Veileder om noe.pdf');

describe('FilesService.store', () => {
  it('records an image as a main row with its sizes, and a PDF as one row with its name', async () => {
    const owner = await createUser(t.db);
    const image = await files.store(await png(), { kind: 'image', owner: owner.id });
    expect(image).toMatchObject({ kind: 'image', content_type: 'image/webp', variant: 'lg', owner_user_id: owner.id, width: 300, height: 200 });
    expect(Object.keys(image.variants)).toEqual(['sm']);
    const rows = await fileRows(t.db, image.storage_key);
    expect(rows.map((r) => r.variant)).toEqual(['lg', 'sm']);
    expect(objectsExist(dataDir, rows.map((r) => r.storage_key))).toEqual([true, true]);

    const document = await files.store(pdf(), { kind: 'petition_attachment', owner: owner.id });
    expect(document).toMatchObject({ content_type: 'application/pdf', variant: null, original_name: 'Veileder om noe.pdf', variants: {} });
    const served = await t.http.get(files.memberUrl(document.storage_key));
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
  });

  it('refuses a file of the wrong type as a 422 on the field, storing nothing', async () => {
    const before = (await t.db.select({ id: schema.storedFiles.id }).from(schema.storedFiles)).length;
    const err = await files.store(upload(Buffer.from('<svg/>')), { kind: 'avatar', owner: null, field: 'image' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('VALIDATION');
    expect((await t.db.select({ id: schema.storedFiles.id }).from(schema.storedFiles)).length).toBe(before);
  });

  it('storeFor removes the new files again when saving fails', async () => {
    let stored: string[] = [];
    await expect(
      files.storeFor([await png(), pdf()], (u) => ({ kind: u.originalname.endsWith('.pdf') ? 'post_document' : 'post_image', owner: null }), (fs_) => {
        stored = fs_.flatMap((f) => [f.storage_key, ...Object.values(f.variants)]);
        throw new Error('save failed');
      }),
    ).rejects.toThrow('save failed');
    expect(stored).toHaveLength(3);
    expect(objectsExist(dataDir, stored)).toEqual([false, false, false]);
    for (const key of stored) expect(await fileRows(t.db, key)).toEqual([]);
  });

  it('replace keeps the old file when pointing at the new one fails, and removes the new one', async () => {
    const old = await files.store(await png(), { kind: 'job_logo', owner: null });
    let fresh = '';
    await expect(
      files.replace(await png(), { kind: 'job_logo', owner: null }, async (id) => {
        const [row] = await t.db.select().from(schema.storedFiles).where(eq(schema.storedFiles.id, id));
        fresh = row!.storage_key;
        throw new Error('no such job');
      }),
    ).rejects.toThrow('no such job');
    expect(await fileRows(t.db, fresh)).toEqual([]);
    expect(await fileRows(t.db, old.storage_key)).toHaveLength(2);
  });
});

describe('GET /api/files/<key>', () => {
  it('serves only objects that have a stored_files row', async () => {
    const key = keyOf(newKeyBase('images'), 'webp', 'lg');
    await t.app.get(Storage).put(key, Buffer.from('RIFF0000WEBP'), 'image/webp');
    expect((await t.http.get(`/api/files/${key}`)).status).toBe(404);
    await t.db.insert(schema.storedFiles).values({ storage_key: key, kind: 'image', content_type: 'image/webp' });
    expect((await t.http.get(`/api/files/${key}`)).status).toBe(200);
  });
});

describe('members-only files', () => {
  const hour = 3600_000;

  it('serves post attachments and documents only with a signed, unexpired link, privately, documents as downloads', async () => {
    const owner = await createUser(t.db);
    const document = await files.store(pdf(), { kind: 'post_document', owner: owner.id });
    const image = await files.store(await png(), { kind: 'post_image', owner: owner.id });

    // Without a link, with a made-up or altered one, or another file's: as if it did not exist.
    expect((await t.http.get(`/api/files/${document.storage_key}`)).status).toBe(404);
    const link = files.memberUrl(document.storage_key);
    const expires = new URL(link, 'http://x').searchParams.get('expires')!;
    expect((await t.http.get(`/api/files/${document.storage_key}?expires=${expires}&signature=forged`)).status).toBe(404);
    expect((await t.http.get(link.replace(/expires=\d+/, `expires=${Number(expires) + 3600}`))).status).toBe(404);
    const imageLink = files.memberUrl(image.storage_key);
    expect((await t.http.get(`/api/files/${document.storage_key}?${imageLink.split('?')[1]}`)).status).toBe(404);

    const served = await t.http.get(link);
    expect(served.status).toBe(200);
    expect(served.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(Number(/max-age=(\d+)/.exec(served.headers['cache-control'] as string)![1])).toBeLessThanOrEqual(7200);
    expect(served.headers['content-disposition']).toBe(`attachment; filename="Veileder om noe.pdf"; filename*=UTF-8''Veileder%20om%20noe.pdf`);
    expect(served.headers['referrer-policy']).toBe('no-referrer');

    const shownImage = await t.http.get(imageLink);
    expect(shownImage.status).toBe(200);
    expect(shownImage.headers['cache-control']).toMatch(/^private/);
    expect(shownImage.headers['content-disposition']).toBeUndefined();
    // The smaller size of a members-only image is members-only too.
    expect((await t.http.get(`/api/files/${image.variants.sm}`)).status).toBe(404);
    expect((await t.http.get(files.memberUrl(image.variants.sm!))).status).toBe(200);
  });

  it('a genuine link stops working after its time with 403 link_expired, in the caller\'s language', async () => {
    const document = await files.store(pdf(), { kind: 'petition_attachment', owner: null });
    const realNow = Date.now;
    let old: string;
    try {
      Date.now = () => realNow() - 3 * hour;
      old = files.memberUrl(document.storage_key);
    } finally {
      Date.now = realNow;
    }
    const res = await t.http.get(old).set('X-localization', 'en');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('The link has expired. Reload the page to get a new one.');
    // Links made within the same hour are the same, so a feed reloaded within it is cached.
    expect(files.memberUrl(document.storage_key)).toBe(files.memberUrl(document.storage_key));
  });

  it('public kinds stay public and cacheable', async () => {
    const avatar = await files.store(await png(), { kind: 'avatar', owner: null });
    const res = await t.http.get(`/api/files/${avatar.storage_key}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('the files step of account erasure', () => {
  it("deletes the user's files nothing uses, keeps the ones still in use without an owner", async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const loose = await files.store(await png(), { kind: 'image', owner: user.id });
    const avatar = await files.store(await png(), { kind: 'avatar', owner: user.id });
    await t.db.update(schema.users).set({ avatar_file_id: avatar.id }).where(eq(schema.users.id, user.id));
    // A company page the user set a logo on: the page outlives the account, so the logo stays.
    const logo = await files.store(await png(), { kind: 'company_logo', owner: user.id });
    await createCompany(t.db, { managers: [other.id] }).then((c) =>
      t.db.update(schema.partnerCompanies).set({ logo_file_id: logo.id }).where(eq(schema.partnerCompanies.id, c.id)),
    );
    const someoneElses = await files.store(pdf(), { kind: 'post_document', owner: other.id });

    // The whole erasure: the users step clears the avatar reference, the files step runs after it.
    await t.app.get(AccountDataService).erase(user.id, 'Bytter jobb', new Date());

    for (const gone of [loose, avatar]) {
      expect(await fileRows(t.db, gone.storage_key)).toEqual([]);
      expect(objectsExist(dataDir, [gone.storage_key, ...Object.values(gone.variants)])).toEqual([false, false]);
    }
    const kept = await fileRows(t.db, logo.storage_key);
    expect(kept.map((r) => r.owner_user_id)).toEqual([null, null]);
    expect(objectsExist(dataDir, kept.map((r) => r.storage_key))).toEqual([true, true]);
    expect((await fileRows(t.db, someoneElses.storage_key))[0]!.owner_user_id).toBe(other.id);
  });
});
