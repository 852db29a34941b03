/** What the first bytes of a file say it is; the client's name and Content-Type are never trusted. */
export type SniffedType = 'jpeg' | 'png' | 'webp' | 'pdf';

export const SNIFFED_MIME: Record<SniffedType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

const startsWith = (buf: Buffer, bytes: readonly number[], offset = 0): boolean =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);

const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

/** JPEG, PNG, WebP or PDF by magic bytes, else null. */
export function sniffFileType(buf: Buffer): SniffedType | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'webp';
  // PDF readers accept the header within the first KiB; we ask for it at the start.
  if (startsWith(buf, ascii('%PDF-'))) return 'pdf';
  return null;
}

export const IMAGE_TYPES: readonly SniffedType[] = ['jpeg', 'png', 'webp'];
