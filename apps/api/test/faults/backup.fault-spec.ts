import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, type DatabaseHandle, recreateDatabase, runMigrations, schema, withDatabase } from '@legenett/db';
import { sql } from 'drizzle-orm';
import { createUser } from '../auth';
import { seedReferenceData } from '../global-setup';
import { freePort, PG_BIN, type PrivatePostgres, privatePostgres } from '../private-servers';

/**
 * scripts/backup.mjs and scripts/restore.mjs end to end: a scratch database with rows and an upload
 * store with files is backed up, restored into a new database and a new folder, and compared table
 * by table and file by file. On a PostgreSQL of this test's own.
 */

jest.setTimeout(180_000);

const REPO = path.resolve(__dirname, '..', '..', '..', '..');

let root: string;
let pg: PrivatePostgres;
const handles: DatabaseHandle[] = [];

const script = (name: string, args: string[], env: Record<string, string>): string =>
  execFileSync(process.execPath, [path.join(REPO, 'scripts', name), ...args], {
    cwd: root,
    env: { ...process.env, PG_BIN, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

/** Every table's row count and a digest of its rows (in a stable order). */
async function fingerprint(db: DatabaseHandle): Promise<Record<string, string>> {
  const tables = await db.db.execute<{ name: string }>(
    sql`select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const { rows } = await db.db.execute<{ n: number; digest: string | null }>(
      sql.raw(`select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as digest from ${name} t`),
    );
    out[name] = `${rows[0]!.n}:${rows[0]!.digest ?? ''}`;
  }
  return out;
}

/** Relative path -> sha256 of every file under `dir`. */
function files(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else out[path.relative(dir, full)] = createHash('sha256').update(fs.readFileSync(full)).digest('hex');
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return out;
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-backup-'));
  pg = privatePostgres(root, await freePort());
  pg.start();
});

afterAll(async () => {
  for (const h of handles) await h.close();
  await pg?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

it('backs up the database and the upload store and restores both into a new database and folder, identical', async () => {
  // The scratch installation: migrated, reference data, members, a post, a stored file and its bytes.
  await recreateDatabase(pg.serverUrl, 'legenett_live');
  const liveUrl = withDatabase(pg.serverUrl, 'legenett_live');
  const live = createDatabase(liveUrl, { max: 2 });
  handles.push(live);
  await runMigrations(live.db);
  await seedReferenceData(live.db);
  const author = await createUser(live.db, { prefix: 'backup' });
  await createUser(live.db, { prefix: 'backup' });
  await live.db.insert(schema.posts).values({ slug: `backup-post-${author.slug}`, author_user_id: author.id, created_by_user_id: author.id, body: 'Æ ø å — før sikkerhetskopien' });
  const liveData = path.join(root, 'live-data');
  const pdf = path.join(liveData, 'uploads', 'posts', '2026', 'vedlegg.pdf');
  fs.mkdirSync(path.dirname(pdf), { recursive: true });
  fs.writeFileSync(pdf, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 256))]));
  fs.writeFileSync(path.join(liveData, 'uploads', 'avatar.webp'), 'RIFF....WEBP');
  // Not part of the upload store: never in the backup.
  fs.writeFileSync(path.join(liveData, 'secrets.json'), '{"JWT_SECRET":"x"}');

  const atBackup = await fingerprint(live);
  expect(Object.keys(atBackup).length).toBeGreaterThan(20);
  const maxAtBackup = (await live.db.execute<{ m: number }>(sql`select max(id)::int as m from posts`)).rows[0]!.m;

  const out = script('backup.mjs', ['--out', path.join(root, 'backups')], { DATABASE_URL: liveUrl, DATA_DIR: liveData });
  const folder = out.trim().split('\n').at(-1)!;
  expect(path.basename(folder)).toMatch(/^legenett-\d{8}-\d{6}Z$/);
  expect(fs.readdirSync(folder).sort()).toEqual(['database.dump', 'manifest.json', 'uploads.tar.gz']);
  const listing = execFileSync('tar', ['-tzf', path.join(folder, 'uploads.tar.gz')], { encoding: 'utf8' });
  expect(listing).toContain('posts/2026/vedlegg.pdf');
  expect(listing).not.toContain('secrets.json');
  const uploadsAtBackup = files(path.join(liveData, 'uploads'));

  // Changes after the backup are not in the restore.
  await live.db.insert(schema.posts).values({ slug: `after-${author.slug}`, author_user_id: author.id, created_by_user_id: author.id, body: 'etter' });
  fs.writeFileSync(path.join(liveData, 'uploads', 'later.txt'), 'after the backup');

  // Restore into a database and a folder that do not exist yet.
  const restoredUrl = withDatabase(pg.serverUrl, 'legenett_restored');
  const restoredData = path.join(root, 'restored-data');
  script('restore.mjs', [folder], { DATABASE_URL: restoredUrl, DATA_DIR: restoredData });
  const restored = createDatabase(restoredUrl, { max: 2 });
  handles.push(restored);

  expect(await fingerprint(restored)).toEqual(atBackup);
  expect(files(path.join(restoredData, 'uploads'))).toEqual(uploadsAtBackup);
  expect(fs.existsSync(path.join(restoredData, 'secrets.json'))).toBe(false);
  // Sequences came along: a new row gets a fresh id, not one of the restored rows'.
  const [next] = await restored.db.insert(schema.posts).values({ slug: 'restored-new', author_user_id: author.id, created_by_user_id: author.id, body: 'ny' }).returning({ id: schema.posts.id });
  expect(next!.id).toBeGreaterThan(maxAtBackup);

  // A second restore over it is refused without --force, and replaces it with --force.
  expect(() => script('restore.mjs', [folder], { DATABASE_URL: restoredUrl, DATA_DIR: restoredData })).toThrow(/already has \d+ tables/);
  script('restore.mjs', [folder, '--force'], { DATABASE_URL: restoredUrl, DATA_DIR: restoredData });
  expect(await fingerprint(restored)).toEqual(atBackup);
  expect(files(path.join(restoredData, 'uploads'))).toEqual(uploadsAtBackup);
  expect(fs.readdirSync(restoredData).some((f) => f.startsWith('uploads.before-restore-'))).toBe(true);

  // A damaged backup is refused before anything is touched.
  fs.appendFileSync(path.join(folder, 'database.dump'), 'x');
  expect(() => script('restore.mjs', [folder], { DATABASE_URL: withDatabase(pg.serverUrl, 'legenett_other'), DATA_DIR: path.join(root, 'other') })).toThrow(/checksum/);
});
