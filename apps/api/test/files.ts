import fs from 'node:fs';
import path from 'node:path';
import { type Database, schema } from '@legenett/db';
import { eq, or } from 'drizzle-orm';

const { storedFiles } = schema;

/** `/api/files/<key>` (signed or not) or a key -> the key. */
export const keyOfUrl = (urlOrKey: string): string => urlOrKey.replace(/^\/api\/files\//, '').replace(/\?.*$/, '');

/**
 * The `stored_files` rows of a stored file, from the URL or key of its main object: the main row
 * first, then its other sizes. Empty once the file is removed.
 */
export async function fileRows(db: Database, urlOrKey: string) {
  const [main] = await db.select().from(storedFiles).where(eq(storedFiles.storage_key, keyOfUrl(urlOrKey)));
  if (!main) return [];
  const rows = await db
    .select()
    .from(storedFiles)
    .where(or(eq(storedFiles.id, main.id), eq(storedFiles.original_id, main.id)))
    .orderBy(storedFiles.id);
  return rows;
}

/** Whether the local storage under DATA_DIR holds the object of each key (or URL). */
export const objectsExist = (dataDir: string, urlsOrKeys: string[]): boolean[] =>
  urlsOrKeys.map((u) => fs.existsSync(path.join(dataDir, 'uploads', keyOfUrl(u))));
