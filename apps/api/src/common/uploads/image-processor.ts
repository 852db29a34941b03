import sharp from 'sharp';

/** One size an uploaded image is stored in. */
export interface ImageVariant {
  /** Suffix of the storage key (`lg` -> `avatars/<hex>-lg.webp`). */
  name: string;
  width: number;
  height: number;
  /** `cover` crops to exactly width x height (avatars); `inside` keeps the aspect ratio within the box. */
  fit: 'cover' | 'inside';
}

export interface EncodedVariant {
  name: string;
  buffer: Buffer;
  width: number;
  height: number;
}

/** Refuse decompression bombs: no image over 40 megapixels is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

export class UnreadableImageError extends Error {}

/**
 * Decodes, turns upright by its EXIF orientation, and re-encodes each variant as WebP. Re-encoding
 * drops every bit of metadata (EXIF with GPS position, camera serials, ICC comments) and anything
 * smuggled after the image data.
 */
export async function encodeImageVariants(
  input: Buffer,
  variants: readonly ImageVariant[],
): Promise<{ source: { width: number; height: number }; variants: EncodedVariant[] }> {
  try {
    const base = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const meta = await base.metadata();
    const source = { width: meta.width ?? 0, height: meta.height ?? 0 };
    const encoded = await Promise.all(
      variants.map(async (v) => {
        const { data, info } = await base
          .clone()
          .resize({ width: v.width, height: v.height, fit: v.fit, withoutEnlargement: v.fit === 'inside' })
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true });
        return { name: v.name, buffer: data, width: info.width, height: info.height };
      }),
    );
    return { source, variants: encoded };
  } catch (err) {
    throw new UnreadableImageError((err as Error).message, { cause: err });
  }
}
