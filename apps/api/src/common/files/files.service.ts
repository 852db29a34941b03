import { Injectable } from '@nestjs/common';
import { type FileKind } from '@legenett/db';
import { SignedLinks } from '../security/signed-links';
import { type ByteRange, keyOf, newKeyBase, Storage, type StoredExtension, type StoredObject } from '../storage/storage';
import { type StoredObjectInfo, UploadsService } from '../uploads/uploads.service';
import { FILE_RULES, MEMBER_LINK_TTL_SECONDS, MEMBERS_ONLY_KINDS, type StorableKind } from './file-kinds';
import { FilesRepository, type NewStoredFile, type StoredFileWithVariants } from './files.repository';

export interface StoreOptions {
  kind: StorableKind;
  /** The uploading user (erased with their account unless something still uses the file). */
  owner: number | null;
  /** Form field named in a 422 for a missing or refused file; default `image`, or `file` for PDFs. */
  field?: string;
}

type Id = number | null | undefined;

export interface ServedFile extends StoredObject {
  /** Set for a members-only file: the link's expiry (unix seconds); null for public files. */
  membersOnlyUntil: number | null;
  /** A document's own name, offered when it is saved. */
  downloadName: string | null;
}

/**
 * The one way to keep a file (docs/how-to/store-a-file.md): `store` checks, processes and stores an
 * upload and records it as a `stored_files` row; feature tables point at `row.id`; `remove` deletes
 * rows and objects. Storage objects go after their rows, quietly (`Storage.deleteQuietly`).
 */
@Injectable()
export class FilesService {
  constructor(
    private readonly repository: FilesRepository,
    private readonly uploads: UploadsService,
    private readonly storage: Storage,
    private readonly links: SignedLinks,
  ) {}

  /**
   * The address of a members-only file (docs/how-to/store-a-file.md): `/api/files/<key>` with a
   * signed expiry, to be put only in answers to logged-in members. Public kinds use
   * `Storage.publicUrl`.
   */
  memberUrl(key: string): string;
  memberUrl(key: string | null): string | null;
  memberUrl(key: string | null): string | null {
    return key ? this.links.url(`/api/files/${key}`, key, { ttlSeconds: MEMBER_LINK_TTL_SECONDS }) : null;
  }

  /** Bytes the user's files of `kind` take, all sizes counted: for an upload quota. */
  bytesOwned(userId: number, kind: StorableKind): Promise<number> {
    return this.repository.bytesOwned(userId, kind);
  }

  /** Checks and stores one upload as `kind`; a bad file is a 422 on `field`. */
  async store(upload: Express.Multer.File | undefined, options: StoreOptions): Promise<StoredFileWithVariants> {
    const rule = FILE_RULES[options.kind];
    const stored =
      rule.accept === 'image'
        ? await this.uploads.storeImage(upload, rule.preset, options.field ?? 'image')
        : await this.uploads.storePdf(upload, rule.area, options.field ?? 'file');
    const row = (info: StoredObjectInfo): NewStoredFile => ({
      storage_key: info.key,
      kind: options.kind,
      content_type: info.contentType,
      size_bytes: info.size,
      width: info.width,
      height: info.height,
      // Only documents show their name; an image's name tells nothing but may tell too much.
      original_name: rule.accept === 'pdf' ? upload?.originalname.slice(0, 200) || null : null,
      owner_user_id: options.owner,
      variant: info.variant,
    });
    try {
      return await this.repository.insert(row(stored.main), stored.variants.map(row));
    } catch (err) {
      await this.removeObjects([stored.main, ...stored.variants].map((o) => o.key));
      throw err;
    }
  }

  /**
   * Stores the uploads, then runs `save` with them (the rows that point at the files); when saving
   * fails the new files are removed again and the error passes on.
   */
  async storeFor<T>(
    uploads: readonly Express.Multer.File[],
    options: StoreOptions | ((upload: Express.Multer.File) => StoreOptions),
    save: (files: StoredFileWithVariants[]) => Promise<T>,
  ): Promise<T> {
    const stored: StoredFileWithVariants[] = [];
    try {
      for (const upload of uploads) stored.push(await this.store(upload, typeof options === 'function' ? options(upload) : options));
      return await save(stored);
    } catch (err) {
      await this.remove(stored.map((f) => f.id));
      throw err;
    }
  }

  /**
   * Replaces a single file (an avatar, a logo): stores the upload, lets `point` set the reference
   * and answer the file id it replaced, then removes that one.
   */
  async replace(
    upload: Express.Multer.File | undefined,
    options: StoreOptions,
    point: (fileId: number) => Promise<number | null>,
  ): Promise<StoredFileWithVariants> {
    const file = await this.store(upload, options);
    let previous: number | null;
    try {
      previous = await point(file.id);
    } catch (err) {
      await this.remove(file.id);
      throw err;
    }
    await this.remove(previous);
    return file;
  }

  /**
   * Deletes files (with their other sizes) that nothing points at any more; unset ids are skipped.
   * The rows go at once; the objects after, and a storage failure is only logged.
   */
  async remove(ids: Id | readonly Id[]): Promise<void> {
    const list = (Array.isArray(ids) ? (ids as readonly Id[]) : [ids as Id]).filter((id): id is number => typeof id === 'number');
    await this.removeObjects(await this.repository.delete([...new Set(list)]));
  }

  /**
   * Records a file its module has already checked (video, audio, captions: modules/media), copied to
   * storage from disk or memory without processing. The object goes again if the row cannot be written.
   */
  async storeChecked(
    source: { path: string } | { buffer: Buffer },
    options: { kind: FileKind; owner: number | null; area: string; ext: StoredExtension; contentType: string; size: number; originalName?: string | null },
  ): Promise<StoredFileWithVariants> {
    const key = keyOf(newKeyBase(options.area), options.ext);
    if ('path' in source) await this.storage.putFile(key, source.path, options.contentType);
    else await this.storage.put(key, source.buffer, options.contentType);
    try {
      return await this.repository.insert(
        {
          storage_key: key,
          kind: options.kind,
          content_type: options.contentType,
          size_bytes: options.size,
          width: null,
          height: null,
          original_name: options.originalName?.slice(0, 200) || null,
          owner_user_id: options.owner,
          variant: null,
        },
        [],
      );
    } catch (err) {
      await this.removeObjects([key]);
      throw err;
    }
  }

  /** Part of a stored object by key (media range requests); the caller knows the row. */
  openRange(key: string, range?: ByteRange): Promise<StoredObject | null> {
    return this.storage.get(key, range);
  }

  /**
   * A stored object for `GET /api/files/<key>`, only while its row exists, with the row's type and
   * what the route needs to decide how to serve it. A members-only file needs a valid link
   * (`expires`, `signature` from `memberUrl`): without one it does not exist (null), past its time it
   * is `expired`.
   */
  async open(key: string, link: { expires?: unknown; signature?: unknown } = {}): Promise<ServedFile | 'expired' | null> {
    const row = await this.repository.byKey(key);
    if (!row) return null;
    let expires: number | null = null;
    if (MEMBERS_ONLY_KINDS.has(row.kind)) {
      const check = this.links.check(key, link.expires, link.signature);
      if (check === 'invalid') return null;
      if (check === 'expired') return 'expired';
      expires = Number(link.expires);
    }
    const object = await this.storage.get(key);
    if (!object) return null;
    return { ...object, contentType: row.content_type, membersOnlyUntil: expires, downloadName: row.original_name };
  }

  private async removeObjects(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.storage.deleteQuietly(key)));
  }
}
