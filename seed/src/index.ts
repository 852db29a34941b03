import type { Database } from '@legenett/db';
import { seedDemo } from './demo';
import { seedReference } from './reference';

export { DEMO_ACCOUNTS, demoClock, hashNationalId, seedDemo, seedDemoMedia } from './demo';
export { DEMO_PASSWORD, TEST_PERSONS, type TestPerson } from './data/people';
export { seedReference } from './reference';

export interface SeedOptions {
  /** Also create the demo accounts and content (default true). Reference data is always seeded. */
  demo?: boolean;
  log?: (msg: string) => void;
  /** "Now" for the demo content's relative dates (default: the current time). */
  now?: Date;
  /** Key of the national-identity hash (default NATIONAL_ID_HASH_KEY; the demo refuses to run without one). */
  nationalIdKey?: string;
  /**
   * The API's local uploads folder (DATA_DIR/uploads), where the demo's video and audio files go;
   * null for none (S3 storage). Default: from DATA_DIR and STORAGE_DRIVER.
   */
  mediaUploadsDir?: string | null;
  /** `later`: leave the demo's media files to `seedDemoMedia` (see DemoOptions). */
  mediaFiles?: 'now' | 'later';
}

/**
 * Seeds the reference lists (always) and the demo accounts and content (unless `demo: false`).
 * Idempotent: a second run writes nothing.
 */
export async function seedDatabase(db: Database, options: SeedOptions = {}): Promise<void> {
  const log = options.log ?? (() => undefined);
  await seedReference(db, log);
  if (options.demo ?? true) {
    await seedDemo(db, { log, now: options.now, nationalIdKey: options.nationalIdKey, mediaUploadsDir: options.mediaUploadsDir, mediaFiles: options.mediaFiles });
  }
}
