import { Injectable } from '@nestjs/common';
import { type MessageKey, nationalIdMessage } from '@legenett/contracts';
import { AppError } from '../errors/app-error';
import { keyOf, newKeyBase, Storage } from '../storage/storage';
import { IMAGE_TYPES, sniffFileType } from './file-sniffer';
import { readPdfText } from './pdf-text';
import { encodeImageVariants, type ImageVariant, UnreadableImageError } from './image-processor';

/** What a feature stores an image as: its storage area and sizes; `variants[0]` is the main one. */
export interface ImagePreset {
  area: string;
  variants: readonly [ImageVariant, ...ImageVariant[]];
  /** Smallest accepted side, in pixels. */
  minSide?: number;
}

export const IMAGE_PRESETS = {
  avatar: {
    area: 'avatars',
    variants: [
      { name: 'lg', width: 512, height: 512, fit: 'cover' },
      { name: 'sm', width: 128, height: 128, fit: 'cover' },
    ],
    minSide: 64,
  },
  background: {
    area: 'backgrounds',
    variants: [
      { name: 'lg', width: 1600, height: 600, fit: 'cover' },
      { name: 'sm', width: 800, height: 300, fit: 'cover' },
    ],
    minSide: 200,
  },
  /** Marketplace, posts, `/upload-image`: whole pictures, aspect kept. */
  content: {
    area: 'images',
    variants: [
      { name: 'lg', width: 1600, height: 1600, fit: 'inside' },
      { name: 'sm', width: 480, height: 480, fit: 'inside' },
    ],
  },
} as const satisfies Record<string, ImagePreset>;

/** One stored object of an upload. */
export interface StoredObjectInfo {
  key: string;
  /** Size name (`lg`, `sm`), or null for a file kept as sent. */
  variant: string | null;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
}

/** What an upload became in storage: the main object first, then its other sizes. */
export interface StoredUpload {
  main: StoredObjectInfo;
  variants: StoredObjectInfo[];
}

/**
 * The patient-data guard's message for a file name, or null: the name as multer gives it, and read as
 * UTF-8 when multer took its bytes for Latin-1 (a non-breaking space arrives as `Â` + NBSP).
 */
export function fileNameGuard(name: string | undefined): MessageKey | null {
  if (!name) return null;
  const asGiven = nationalIdMessage(name);
  if (asGiven) return asGiven;
  if (!/[\u0080-\u00ff]/.test(name) || /[\u0100-\uffff]/.test(name)) return null;
  const utf8 = Buffer.from(name, 'latin1').toString('utf8');
  return utf8.includes('\ufffd') ? null : nationalIdMessage(utf8);
}

/**
 * The patient-data guard's message for the text layer of a PDF, or null. A PDF without a text layer
 * (a scan) has nothing to read and passes (no OCR); so does one PDF.js cannot read in time.
 */
export async function pdfTextGuard(buffer: Buffer): Promise<MessageKey | null> {
  const pages = await readPdfText(buffer);
  return pages ? nationalIdMessage(pages.join('\n')) : null;
}

const invalid = (field: string, key: MessageKey, vars?: Record<string, string | number>) =>
  new AppError('VALIDATION', { fields: { [field]: [key] }, vars });

/**
 * Turns an uploaded file (multer memory file) into stored objects: type by magic bytes (not name or
 * Content-Type), images re-encoded by sharp in every variant of their preset, PDFs stored as sent.
 * Used by FilesService only, which records every object as a `stored_files` row.
 */
@Injectable()
export class UploadsService {
  constructor(private readonly storage: Storage) {}

  async storeImage(file: Express.Multer.File | undefined, preset: ImagePreset, field = 'image'): Promise<StoredUpload> {
    if (!file || file.size === 0) throw invalid(field, 'profile.errors.file_missing');
    const type = sniffFileType(file.buffer);
    if (!type || !IMAGE_TYPES.includes(type)) throw invalid(field, 'profile.errors.file_type');

    let result;
    try {
      result = await encodeImageVariants(file.buffer, preset.variants);
    } catch (err) {
      if (err instanceof UnreadableImageError) throw invalid(field, 'profile.errors.image_unreadable');
      throw err;
    }
    if (preset.minSide && Math.min(result.source.width, result.source.height) < preset.minSide) {
      throw invalid(field, 'profile.errors.image_too_small', { minimum: preset.minSide });
    }
    const base = newKeyBase(preset.area);
    const objects = result.variants.map((v) => ({
      key: keyOf(base, 'webp', v.name),
      variant: v.name,
      contentType: 'image/webp',
      size: v.buffer.length,
      width: v.width,
      height: v.height,
      buffer: v.buffer,
    }));
    const puts = await Promise.allSettled(objects.map((o) => this.storage.put(o.key, o.buffer, o.contentType)));
    const failed = puts.find((p): p is PromiseRejectedResult => p.status === 'rejected');
    if (failed) {
      // No row will name these objects: take back the sizes that did arrive.
      await Promise.all(objects.map((o) => this.storage.deleteQuietly(o.key)));
      throw failed.reason;
    }
    const [main, ...variants] = objects.map(({ buffer: _buffer, ...info }) => info);
    return { main: main!, variants };
  }

  async storePdf(file: Express.Multer.File | undefined, area: string, field = 'file'): Promise<StoredUpload> {
    if (!file || file.size === 0) throw invalid(field, 'profile.errors.file_missing');
    if (sniffFileType(file.buffer) !== 'pdf') throw invalid(field, 'profile.errors.file_type_pdf');
    // A document's name is shown to others (and sent in Content-Disposition): the patient-data guard.
    const guard = fileNameGuard(file.originalname) ?? (await pdfTextGuard(file.buffer));
    if (guard) throw invalid(field, guard);
    const key = keyOf(newKeyBase(area), 'pdf');
    await this.storage.put(key, file.buffer, 'application/pdf');
    return { main: { key, variant: null, contentType: 'application/pdf', size: file.size, width: null, height: null }, variants: [] };
  }
}
