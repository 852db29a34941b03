import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type ByteRange, contentTypeOfKey, isStorageKey, Storage, type StoredObject } from './storage';

/** Files under one directory (DATA_DIR/uploads by default), one sub-directory per area. */
export class LocalStorage extends Storage {
  constructor(private readonly root: string) {
    super();
  }

  private pathOf(key: string): string {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key "${key}"`);
    const full = path.resolve(this.root, key);
    // Belt and braces: the key pattern already rules out "..", absolute paths and separators.
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Key escapes the storage root: ${key}`);
    return full;
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(temp, body);
    await fs.rename(temp, file);
  }

  async putFile(key: string, source: string, _contentType: string): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await fs.copyFile(source, temp);
    await fs.rename(temp, file);
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    if (!isStorageKey(key)) return null;
    const file = this.pathOf(key);
    try {
      const stat = await fs.stat(file);
      if (!stat.isFile()) return null;
      return { body: createReadStream(file, range ? { start: range.start, end: range.end } : {}), contentType: contentTypeOfKey(key), size: stat.size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }
}
