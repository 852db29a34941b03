import { type Request, type Response } from 'express';
import { AppError } from '../errors/app-error';
import { type FilesService } from './files.service';
import { type ByteRange } from '../storage/storage';

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` (the first range only); null when absent; 'bad' when unsatisfiable. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'bad' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)(?:,.*)?$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'bad';
  if (size === 0) return 'bad';
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'bad';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'bad';
  return { start, end };
}

/** A stored object as the media routes serve it: its key, type and size (from its `stored_files` row). */
export interface StreamTarget {
  key: string;
  contentType: string;
  size: number | null;
}

/**
 * Answers a stored object with HTTP range support: 206 with `Content-Range` for a range, 416 for one
 * outside the file, 200 for the whole; streamed from storage, never read into memory.
 */
export async function sendStored(
  files: FilesService,
  req: Request,
  res: Response,
  file: StreamTarget,
  cacheControl: string,
): Promise<void> {
  const size = file.size ?? 0;
  const range = parseRange(typeof req.headers.range === 'string' ? req.headers.range : undefined, size);
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  if (range === 'bad') {
    res.status(416).setHeader('Content-Range', `bytes */${size}`);
    res.end();
    return;
  }
  const object = await files.openRange(file.key, range ?? undefined);
  if (!object) throw new AppError('ROUTE_NOT_FOUND');
  res.setHeader('Content-Type', file.contentType);
  if (range) {
    res.status(206);
    res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    res.setHeader('Content-Length', String(range.end - range.start + 1));
  } else {
    res.status(200);
    res.setHeader('Content-Length', String(size));
  }
  object.body.on('error', () => res.destroy());
  res.on('close', () => object.body.destroy());
  object.body.pipe(res);
}
