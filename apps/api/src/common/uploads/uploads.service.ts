import { Injectable } from '@nestjs/common';
import { type MessageKey } from '@legenett/contracts';
import { AppError } from '../errors/app-error';
import { keyOf, newKeyBase, Storage } from '../storage/storage';
import { IMAGE_TYPES, sniffFileType } from './file-sniffer';
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

export interface StoredImage {
  /** Key of the main variant (what a row stores). */
  key: string;
  /** Every variant's key by name, main one included. */
  variants: Record<string, string>;
  mime: 'image/webp';
  size: number;
}

export interface StoredPdf {
  key: string;
  mime: 'application/pdf';
  size: number;
}

const invalid = (field: string, key: MessageKey, vars?: Record<string, string | number>) =>
  new AppError('VALIDATION', { fields: { [field]: [key] }, vars });

/**
 * Turns an uploaded file (multer memory file) into stored objects: type by magic bytes (not name or
 * Content-Type), images re-encoded by sharp in every variant of their preset, PDFs stored as sent.
 */
@Injectable()
export class UploadsService {
  constructor(private readonly storage: Storage) {}

  async storeImage(file: Express.Multer.File | undefined, preset: ImagePreset, field = 'image'): Promise<StoredImage> {
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
    const encoded = result.variants;
    const main = encoded[0];

    const base = newKeyBase(preset.area);
    const variants: Record<string, string> = {};
    for (const v of encoded) variants[v.name] = keyOf(base, 'webp', v.name);
    await Promise.all(encoded.map((v) => this.storage.put(variants[v.name]!, v.buffer, 'image/webp')));
    return { key: variants[preset.variants[0].name]!, variants, mime: 'image/webp', size: main?.buffer.length ?? 0 };
  }

  async storePdf(file: Express.Multer.File | undefined, area: string, field = 'file'): Promise<StoredPdf> {
    if (!file || file.size === 0) throw invalid(field, 'profile.errors.file_missing');
    if (sniffFileType(file.buffer) !== 'pdf') throw invalid(field, 'profile.errors.file_type_pdf');
    const key = keyOf(newKeyBase(area), 'pdf');
    await this.storage.put(key, file.buffer, 'application/pdf');
    return { key, mime: 'application/pdf', size: file.size };
  }

  /** Every variant key of an image stored with `preset`, from its main key. */
  variantKeys(mainKey: string | null, preset: ImagePreset): string[] {
    if (!mainKey) return [];
    const main = `-${preset.variants[0].name}.webp`;
    if (!mainKey.endsWith(main)) return [mainKey];
    const stem = mainKey.slice(0, -main.length);
    return preset.variants.map((v) => `${stem}-${v.name}.webp`);
  }

  /** Removes an image in all its variants (after the row no longer points at it). */
  async deleteImage(mainKey: string | null, preset: ImagePreset): Promise<void> {
    await this.storage.deleteMany(this.variantKeys(mainKey, preset));
  }
}
