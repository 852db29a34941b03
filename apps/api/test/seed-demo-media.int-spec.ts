import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, recreateDatabase, runMigrations, withDatabase, type Database } from '@legenett/db';
import { Pool } from 'pg';
import { readTestDatabase } from './test-database';

/** The seed's sources, as global-setup loads them (not an API dependency). */
const SEED_SOURCES = path.resolve(__dirname, '..', '..', '..', 'seed', 'src', 'index.ts');

interface SeedModule {
  seedDatabase(db: Database, options: { demo: boolean; nationalIdKey: string; mediaUploadsDir: string; mediaFiles: 'now' | 'later' }): Promise<void>;
  seedDemoMedia(db: Database, options: { mediaUploadsDir: string; log?: (msg: string) => void }): Promise<void>;
}

/**
 * `npm start` seeds the demo without its media files and makes them once the server answers
 * (scripts/start.mjs, seed/src/media-cli.ts): the items must then exist with files on disk, the
 * products get their photos, and a second run adds nothing.
 */
describe('demo media after "ready"', () => {
  const info = readTestDatabase();
  const name = `${info.name}_demo_media`;
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-demo-media-'));
  let handle: ReturnType<typeof createDatabase>;
  let seed: SeedModule;

  beforeAll(async () => {
    await recreateDatabase(info.serverUrl, name);
    handle = createDatabase(withDatabase(info.serverUrl, name), { max: 2 });
    await runMigrations(handle.db);
    seed = (await import(SEED_SOURCES)) as SeedModule;
  }, 120_000);

  afterAll(async () => {
    await handle.close();
    const pool = new Pool({ connectionString: info.serverUrl, max: 1 });
    try {
      await pool.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await pool.end();
    }
    fs.rmSync(uploads, { recursive: true, force: true });
  });

  const counts = async () => {
    const { rows } = await handle.pool.query<{ videos: number; with_file: number; audio: number; photos: number; products: number }>(
      `select (select count(*)::int from videos) as videos,
              (select count(*)::int from videos where file_id is not null) as with_file,
              (select count(*)::int from audio_tracks) as audio,
              (select count(distinct product_id)::int from product_images) as photos,
              (select count(*)::int from products) as products`,
    );
    return rows[0]!;
  };

  it('leaves the media out, then adds every item with its files once, and nothing on a second run', async () => {
    await seed.seedDatabase(handle.db, { demo: true, nationalIdKey: info.nationalIdHashKey, mediaUploadsDir: uploads, mediaFiles: 'later' });
    const before = await counts();
    expect(before).toMatchObject({ videos: 0, audio: 0, photos: 0 });
    expect(before.products).toBeGreaterThan(0);

    const said: string[] = [];
    await seed.seedDemoMedia(handle.db, { mediaUploadsDir: uploads, log: (m) => said.push(m) });
    const after = await counts();
    expect(after.videos).toBeGreaterThan(0);
    expect(after.with_file).toBe(after.videos);
    expect(after.audio).toBeGreaterThan(0);
    expect(after.photos).toBe(after.products);
    expect(said.join('\n')).toMatch(/demo media: [1-9]\d* video and [1-9]\d* audio files, [1-9]\d* product photos made/);
    // Every stored file the items name is on disk.
    const { rows } = await handle.pool.query<{ storage_key: string }>(
      `select storage_key from stored_files where id in (select file_id from videos union select poster_file_id from videos union select file_id from audio_tracks)`,
    );
    for (const r of rows) expect(fs.existsSync(path.join(uploads, r.storage_key))).toBe(true);

    const again: string[] = [];
    await seed.seedDemoMedia(handle.db, { mediaUploadsDir: uploads, log: (m) => again.push(m) });
    expect(await counts()).toEqual(after);
    expect(again.filter((m) => m.startsWith('demo media: '))).toEqual([]);
  }, 120_000);
});
