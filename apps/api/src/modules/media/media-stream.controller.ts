import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { IdSchema, MediaKindSchema } from '@legenett/contracts';
import { type Request, type Response } from 'express';
import { Public } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { FilesService } from '../../common/files/files.service';
import { type ByteRange } from '../../common/storage/storage';
import { MediaRepository } from './media.repository';
import { MEDIA_COOKIE, MEDIA_PARTS, type MediaPart, MediaUrls } from './media-urls';

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

function cookieValue(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

/**
 * `GET /api/media/stream/:kind/:id/:part?u=&e=&s=`: the media file, poster or captions of a published
 * item, for the signed URL of `MediaUrls` and the same user's `lg_media` cookie. Range requests answer
 * 206 with the slice, streamed from storage (never read into memory).
 */
@Controller('media/stream')
export class MediaStreamController {
  constructor(
    private readonly urls: MediaUrls,
    private readonly repository: MediaRepository,
    private readonly files: FilesService,
  ) {}

  @Public()
  @ApiExcludeEndpoint()
  @Get(':kind/:id/:part')
  async stream(
    @Param('kind') rawKind: string,
    @Param('id') rawId: string,
    @Param('part') rawPart: string,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const kind = MediaKindSchema.safeParse(rawKind);
    const id = IdSchema.safeParse(rawId);
    const part = MEDIA_PARTS.find((p): p is MediaPart => p === rawPart);
    if (!kind.success || !id.success || !part) throw new AppError('ROUTE_NOT_FOUND');
    const target = { kind: kind.data, id: id.data, part };
    const verdict = this.urls.verify(target, query, cookieValue(req, MEDIA_COOKIE));
    if (!verdict.ok) {
      if (verdict.reason === 'bad') throw new AppError('ROUTE_NOT_FOUND');
      throw new AppError('FORBIDDEN', {
        reason: 'not_owner',
        message: verdict.reason === 'expired' ? 'media.errors.link_expired' : 'media.errors.link_other_user',
      });
    }
    const file = await this.repository.streamTarget(target.kind, target.id, part);
    if (!file) throw new AppError('ROUTE_NOT_FOUND');
    const size = file.size ?? 0;
    const range = parseRange(typeof req.headers.range === 'string' ? req.headers.range : undefined, size);
    res.setHeader('Accept-Ranges', 'bytes');
    // Private to this user, and only as long as the URL lives.
    res.setHeader('Cache-Control', `private, max-age=${Math.max(0, Number(query.e) - Math.floor(Date.now() / 1000))}`);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    if (range === 'bad') {
      res.status(416).setHeader('Content-Range', `bytes */${size}`);
      res.end();
      return;
    }
    const object = await this.files.openRange(file.key, range ?? undefined);
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
}
