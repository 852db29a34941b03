import { createDatabase } from '@legenett/db';
import { seedDemoMedia } from './demo';

/**
 * `node seed/dist/media-cli.js`: the demo's media files (videos, audio, product photos) into the
 * database at DATABASE_URL and the uploads folder of DATA_DIR. `npm start` runs it once the server
 * answers, so ffmpeg's work is not part of the wait for the first page; the items appear as their
 * files are made. Idempotent: adds only what is missing.
 */
async function main(): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL is not set');
    return 1;
  }
  const handle = createDatabase(url, { max: 1 });
  try {
    await seedDemoMedia(handle.db, { log: (msg) => console.log(msg) });
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error('demo media failed:', err instanceof Error ? (err.stack ?? err.message) : err);
    process.exitCode = 1;
  },
);
