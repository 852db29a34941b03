import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { type Readable } from 'node:stream';

/** The file types the API stores, by the extension of their keys. */
export const STORED_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
} as const;
export type StoredExtension = keyof typeof STORED_TYPES;

/**
 * `<area>/<32 random hex>[-<variant>].<ext>`: random (not guessable, so a key is its own capability),
 * and a closed alphabet, so a key can never climb out of its directory or bucket prefix.
 */
const KEY_PATTERN = /^[a-z][a-z0-9-]{0,39}\/[a-f0-9]{32}(?:-[a-z0-9]{1,20})?\.(jpg|png|webp|pdf)$/;

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function contentTypeOfKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1) as StoredExtension;
  return STORED_TYPES[ext];
}

/** A fresh random base for one upload; variants share it (`avatars/ab12...-lg`, `avatars/ab12...-sm`). */
export function newKeyBase(area: string): string {
  if (!/^[a-z][a-z0-9-]{0,39}$/.test(area)) throw new Error(`Invalid storage area "${area}"`);
  return `${area}/${randomBytes(16).toString('hex')}`;
}

export function keyOf(base: string, ext: StoredExtension, variant?: string): string {
  const key = `${base}${variant ? `-${variant}` : ''}.${ext}`;
  if (!isStorageKey(key)) throw new Error(`Invalid storage key "${key}"`);
  return key;
}

export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
}

/** Where uploaded files live (port); adapters: local directory, S3-compatible bucket. */
export abstract class Storage {
  abstract put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under this key. */
  abstract get(key: string): Promise<StoredObject | null>;
  /** Removes the object; a missing one is not an error. */
  abstract delete(key: string): Promise<void>;

  private readonly logger = new Logger('Storage');

  /** Many keys at once, ignoring null (e.g. an unset avatar). */
  async deleteMany(keys: readonly (string | null | undefined)[]): Promise<void> {
    await Promise.all(keys.filter((k): k is string => !!k).map((k) => this.delete(k)));
  }

  /**
   * Removes an object after its row is gone: a failure (storage down, bad key) is logged and never
   * thrown, because the user's action has already succeeded and an orphaned object harms no one.
   */
  async deleteQuietly(key: string): Promise<void> {
    try {
      await this.delete(key);
    } catch (err) {
      this.logger.warn(`Could not remove stored object ${key}: ${(err as Error).message}`);
    }
  }

  /** The address clients fetch a key from (served by FilesController whatever the driver). */
  publicUrl(key: string): string;
  publicUrl(key: string | null): string | null;
  publicUrl(key: string | null): string | null {
    return key ? `/api/files/${key}` : null;
  }
}
