import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { type Readable } from 'node:stream';

/** The file types the API stores, by the extension of their keys. */
export const STORED_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
  // The video and audio archive (modules/media), served only through signed URLs.
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  vtt: 'text/vtt',
} as const;
export type StoredExtension = keyof typeof STORED_TYPES;

/**
 * `<area>/<32 random hex>[-<variant>].<ext>`: random (not guessable, so a key is its own capability),
 * and a closed alphabet, so a key can never climb out of its directory or bucket prefix.
 */
const KEY_PATTERN = /^[a-z][a-z0-9-]{0,39}\/[a-f0-9]{32}(?:-[a-z0-9]{1,20})?\.(jpg|png|webp|pdf|mp4|webm|mp3|m4a|ogg|vtt)$/;

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

/** Bytes `start` to `end` of an object, both inclusive (an HTTP range). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
}

/** Where uploaded files live (port); adapters: local directory, S3-compatible bucket. */
export abstract class Storage {
  abstract put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Stores a file from disk without reading it into memory (large media uploads). */
  abstract putFile(key: string, file: string, contentType: string): Promise<void>;
  /**
   * The object, or null when there is none under this key; with `range`, a stream of only those
   * bytes (`size` is still the whole object's size).
   */
  abstract get(key: string, range?: ByteRange): Promise<StoredObject | null>;
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
