import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { uploadImageEndpoints as ep } from '@legenett/contracts';
import { schema } from '@legenett/db';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../../test/app';

let t: TestApp;
let dataDir: string;
let jpeg: Buffer;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-upload-image-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir, IMAGE_QUOTA_MB: '1' } });
  // A picture with EXIF metadata (a camera make and a location-like comment) that must not survive.
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
    .withExif({ IFD0: { Make: 'SecretCam', ImageDescription: 'Home address' } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('POST /upload-image', () => {
  it('answers 401 anonymous and 403 for accounts awaiting approval', async () => {
    expect((await t.call(ep.upload, { as: null, files: { image: { buffer: jpeg, name: 'a.jpg' } } })).status).toBe(401);
    const pending = await t.session({ status: 'awaiting_approval', approvedHrp: 0 });
    const res = await t.call(ep.upload, { as: pending, files: { image: { buffer: jpeg, name: 'a.jpg' } } });
    expect([res.status, res.error.reason]).toEqual([403, 'account_not_approved']);
  });

  it('re-encodes images without metadata and answers their URLs', async () => {
    const me = await t.session();
    const res = await t.call(ep.upload, { as: me, files: { image: [{ buffer: jpeg, name: 'a.jpg' }, { buffer: jpeg, name: 'b.jpg' }] } });
    expect(res.status).toBe(201);
    expect(res.parsed.data).toHaveLength(2);
    const url = res.parsed.data[0]!.url;
    expect(url).toMatch(/^\/api\/files\/images\/[a-f0-9]{32}-lg\.webp$/);
    const served = await t.raw.get(url).buffer(true);
    expect(served.status).toBe(200);
    const meta = await sharp(served.body as Buffer).metadata();
    expect([meta.format, meta.exif]).toEqual(['webp', undefined]);
  });

  it('refuses wrong magic bytes, more than 5 images and no image, in the asked language', async () => {
    const me = await t.session();
    const pdf = await t.call(ep.upload, { as: me, files: { image: { buffer: Buffer.from('%PDF-1.7 ...'), name: 'a.jpg' } }, locale: 'en' });
    expect(pdf.status).toBe(422);
    expect(pdf.validation.errors.image).toHaveLength(1);
    const six = Array.from({ length: 6 }, (_, i) => ({ buffer: jpeg, name: `${i}.jpg` }));
    const many = await t.call(ep.upload, { as: me, files: { image: six }, locale: 'en' });
    expect([many.status, many.validation.errors.image]).toEqual([422, ["You can't upload more than 5 photos!"]]);
    const none = await t.call(ep.upload, { as: me, locale: 'en' });
    expect(none.validation.errors.image).toEqual(['Choose a file to upload.']);
  });

  it('counts uploads against the quota', async () => {
    const me = await t.session();
    await t.db.insert(schema.storedFiles).values({
      storage_key: `images/${'a'.repeat(24)}${me.user.id.toString(16).padStart(8, '0')}-lg.webp`,
      kind: 'image',
      content_type: 'image/webp',
      size_bytes: 1024 * 1024 - 10,
      owner_user_id: me.user.id,
    });
    const res = await t.call(ep.upload, { as: me, files: { image: { buffer: jpeg, name: 'a.jpg' } }, locale: 'en' });
    expect([res.status, res.validation.errors.image]).toEqual([422, ['You have used up your storage for images.']]);
  });

  it('is rate-limited per account', async () => {
    const me = await t.session();
    let last = 0;
    for (let i = 0; i < 31; i += 1) last = (await t.call(ep.upload, { as: me })).status;
    expect(last).toBe(429);
  });
});
