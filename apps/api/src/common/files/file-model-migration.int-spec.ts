import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, type DatabaseHandle, MIGRATIONS_FOLDER, recreateDatabase, runMigrations, withDatabase } from '@legenett/db';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { readTestDatabase } from '../../../test/test-database';

/**
 * Migration 0007 (one file model) carries the old key columns over to `stored_files`: a scratch
 * database is migrated up to the one before it (0006, job outbox), given rows in the old shape, then
 * migrated to the end.
 */
const MIGRATION = '0007_one_file_model';

let serverUrl: string;
let name: string;
let handle: DatabaseHandle;
let before: string;

const hex = (n: number) => n.toString(16).padStart(32, '0');
const key = (area: string, n: number, rest: string) => `${area}/${hex(n)}${rest}`;

beforeAll(async () => {
  serverUrl = readTestDatabase().serverUrl;
  name = `legenett_files_mig_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await recreateDatabase(serverUrl, name);
  handle = createDatabase(withDatabase(serverUrl, name), { max: 1 });
  // The migrations folder as it was before this one.
  before = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === MIGRATION);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.mkdirSync(path.join(before, 'meta'));
  fs.writeFileSync(path.join(before, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries) fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(before, `${e.tag}.sql`));
});

afterAll(async () => {
  await handle.close();
  fs.rmSync(before, { recursive: true, force: true });
  const { pool, close } = createDatabase(serverUrl, { max: 1 });
  await pool.query(`drop database if exists "${name}" with (force)`);
  await close();
});

it('turns every key column into a stored_files row (with its small size) the new columns point at', async () => {
  await migrate(handle.db, { migrationsFolder: before });
  const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> =>
    (await handle.pool.query(text, values)).rows as T[];

  const AVATAR = key('avatars', 1, '-lg.webp');
  const BACKGROUND = key('backgrounds', 2, '-lg.webp');
  const COMPANY_LOGO = key('avatars', 3, '-lg.webp');
  const JOB_LOGO = key('images', 4, '-lg.webp');
  const POST_IMAGE = key('images', 5, '-lg.webp');
  const POST_PREVIEW = key('images', 5, '-sm.webp');
  const POST_PDF = key('posts', 6, '.pdf');
  const PRODUCT_DETAIL = key('images', 7, '-lg.webp');
  const PRODUCT_LIST = key('images', 7, '-sm.webp');
  const VIDEO = key('videos', 8, '.mp4');
  const PETITION_PDF = key('petitions', 9, '.pdf');
  const UPLOADED = key('images', 10, '-lg.webp');

  const [u] = await q<{ id: number }>(
    `insert into users (email, first_name, last_name, slug, profile_avatar, profile_background) values ('old@test.no', 'Old', 'Shape', 'old-shape', $1, $2) returning id`,
    [AVATAR, BACKGROUND],
  );
  const [url] = await q<{ id: number }>(
    `insert into users (email, first_name, last_name, slug, profile_avatar) values ('url@test.no', 'Url', 'Avatar', 'url-avatar', 'https://example.no/me.png') returning id`,
  );
  const userId = u!.id;
  const [company] = await q<{ id: number }>(`insert into partner_companies (slug, name, logo, created_by_user_id) values ('old-co', 'Old AS', $1, $2) returning id`, [COMPANY_LOGO, userId]);
  const [job] = await q<{ id: number }>(
    `insert into jobs (title, position_type, application_deadline, company_name, user_id, company_logo) values ('Lege', 'full_time', '2030-01-01', 'Old AS', $1, $2) returning id`,
    [userId, JOB_LOGO],
  );
  const [urlJob] = await q<{ id: number }>(
    `insert into jobs (title, position_type, application_deadline, company_name, user_id, company_logo) values ('Lege', 'full_time', '2030-01-01', 'Old AS', $1, 'https://example.no/logo.png') returning id`,
    [userId],
  );
  const [post] = await q<{ id: number }>(`insert into posts (slug, body, author_user_id, created_by_user_id) values ('old-post', 'x', $1, $1) returning id`, [userId]);
  await q(
    `insert into post_attachments (post_id, kind, storage_key, preview_key, mime, size_bytes, width, height, position) values
       ($1, 'image', $2, $3, 'image/webp', 1234, 1600, 900, 0),
       ($1, 'document', $4, null, 'application/pdf', 999, null, null, 1)`,
    [post!.id, POST_IMAGE, POST_PREVIEW, POST_PDF],
  );
  await q(`update post_attachments set original_name = 'guide.pdf' where storage_key = $1`, [POST_PDF]);
  const [product] = await q<{ id: number }>(`insert into products (title, price_nok, user_id) values ('Stetoskop', 100, $1) returning id`, [userId]);
  const [image] = await q<{ id: number }>(
    `insert into product_images (product_id, list_key, detail_key, mime, width, height, size_bytes) values ($1, $2, $3, 'image/webp', 800, 600, 4321) returning id`,
    [product!.id, PRODUCT_LIST, PRODUCT_DETAIL],
  );
  const [course] = await q<{ id: number }>(
    `insert into courses (type, title, start_at, duration_minutes, user_id, video_storage_key) values ('webinar', 'Kurs', now(), 60, $1, $2) returning id`,
    [userId, VIDEO],
  );
  const [petition] = await q<{ id: number }>(`insert into petitions (title, user_id) values ('Opprop', $1) returning id`, [userId]);
  await q(`insert into petition_attachments (petition_id, storage_key, original_name, size_bytes, uploaded_by_user_id) values ($1, $2, 'vedlegg.pdf', 555, $3)`, [petition!.id, PETITION_PDF, userId]);
  await q(`insert into stored_files (storage_key, mime, size_bytes, original_name, purpose, owner_user_id) values ($1, 'image/webp', 42, 'mine.webp', null, $2)`, [UPLOADED, userId]);

  await runMigrations(handle.db);

  type File = { id: number; storage_key: string; kind: string; content_type: string; size_bytes: number | null; width: number | null; height: number | null; original_name: string | null; owner_user_id: number | null; original_id: number | null; variant: string | null };
  const files = await q<File>(`select * from stored_files`);
  const byKey = new Map(files.map((f) => [f.storage_key, f]));
  const file = (k: string) => {
    const f = byKey.get(k);
    if (!f) throw new Error(`no stored_files row for ${k}`);
    return f;
  };
  const variantsOf = (k: string) => files.filter((f) => f.original_id === file(k).id).map((f) => [f.variant, f.storage_key]);

  // Pictures: the main row is what the column pointed at, the `-sm` beside it its variant.
  const [user] = await q<{ avatar_file_id: number; background_file_id: number }>(`select * from users where id = $1`, [userId]);
  expect(user!.avatar_file_id).toBe(file(AVATAR).id);
  expect(file(AVATAR)).toMatchObject({ kind: 'avatar', content_type: 'image/webp', owner_user_id: userId, variant: 'lg', original_id: null, size_bytes: null });
  expect(variantsOf(AVATAR)).toEqual([['sm', key('avatars', 1, '-sm.webp')]]);
  expect(user!.background_file_id).toBe(file(BACKGROUND).id);
  expect(file(BACKGROUND).kind).toBe('profile_background');

  const [co] = await q<{ logo_file_id: number }>(`select * from partner_companies where id = $1`, [company!.id]);
  expect(co!.logo_file_id).toBe(file(COMPANY_LOGO).id);
  expect(file(COMPANY_LOGO)).toMatchObject({ kind: 'company_logo', owner_user_id: userId });

  const jobs = await q<{ id: number; company_logo_file_id: number | null }>(`select id, company_logo_file_id from jobs order by id`);
  expect(jobs).toEqual([
    { id: job!.id, company_logo_file_id: file(JOB_LOGO).id },
    // A URL typed in by hand is no file of ours: it is dropped, the job stays.
    { id: urlJob!.id, company_logo_file_id: null },
  ]);
  expect(variantsOf(JOB_LOGO)).toEqual([['sm', key('images', 4, '-sm.webp')]]);
  const [urlUser] = await q<{ avatar_file_id: number | null }>(`select avatar_file_id from users where id = $1`, [url!.id]);
  expect(urlUser!.avatar_file_id).toBeNull();

  // Post attachments: facts about the file move to its row.
  const attachments = await q<{ kind: string; file_id: number; position: number }>(`select kind, file_id, position from post_attachments where post_id = $1 order by position`, [post!.id]);
  expect(attachments).toEqual([
    { kind: 'image', file_id: file(POST_IMAGE).id, position: 0 },
    { kind: 'document', file_id: file(POST_PDF).id, position: 1 },
  ]);
  expect(file(POST_IMAGE)).toMatchObject({ kind: 'post_image', size_bytes: 1234, width: 1600, height: 900, owner_user_id: userId });
  expect(variantsOf(POST_IMAGE)).toEqual([['sm', POST_PREVIEW]]);
  expect(file(POST_PDF)).toMatchObject({ kind: 'post_document', content_type: 'application/pdf', original_name: 'guide.pdf', variant: null, size_bytes: 999 });

  // Product images: detail is the main row, list its `sm`.
  const [img] = await q<{ file_id: number }>(`select file_id from product_images where id = $1`, [image!.id]);
  expect(img!.file_id).toBe(file(PRODUCT_DETAIL).id);
  expect(file(PRODUCT_DETAIL)).toMatchObject({ kind: 'product_image', width: 800, height: 600, size_bytes: 4321 });
  expect(variantsOf(PRODUCT_DETAIL)).toEqual([['sm', PRODUCT_LIST]]);

  // Course video and petition PDF.
  const [c] = await q<{ video_file_id: number }>(`select video_file_id from courses where id = $1`, [course!.id]);
  expect(c!.video_file_id).toBe(file(VIDEO).id);
  expect(file(VIDEO)).toMatchObject({ kind: 'course_video', content_type: 'video/mp4' });
  const [pa] = await q<{ file_id: number }>(`select file_id from petition_attachments where petition_id = $1`, [petition!.id]);
  expect(pa!.file_id).toBe(file(PETITION_PDF).id);
  expect(file(PETITION_PDF)).toMatchObject({ kind: 'petition_attachment', original_name: 'vedlegg.pdf', size_bytes: 555, owner_user_id: userId });

  // A file stored on its own keeps its facts and becomes kind `image`.
  expect(file(UPLOADED)).toMatchObject({ kind: 'image', content_type: 'image/webp', size_bytes: 42, original_name: 'mine.webp', owner_user_id: userId });

  // Nothing else was invented, and the old columns are gone.
  expect(files).toHaveLength(16);
  const old = await q(
    `select table_name, column_name from information_schema.columns
      where (table_name, column_name) in (('users', 'profile_avatar'), ('jobs', 'company_logo'), ('post_attachments', 'storage_key'), ('product_images', 'list_key'), ('stored_files', 'mime'))`,
  );
  expect(old).toEqual([]);
});
