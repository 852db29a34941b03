import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { type Response } from 'express';
import { Public } from '../auth/access.decorator';
import { AppError } from '../errors/app-error';
import { isStorageKey } from '../storage/storage';
import { FilesService } from './files.service';

/** Public files: one year, as keys are random and never reused, so a stored file never changes. */
const PUBLIC_CACHE = 'public, max-age=31536000, immutable';

/** `filename*=` (RFC 6266 / 5987) with a plain ASCII fallback. */
function attachment(name: string | null, contentType: string): string {
  const fallbackExt = contentType === 'application/pdf' ? '.pdf' : '';
  const base = (name ?? '').trim() || `document${fallbackExt}`;
  const ascii = base.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(base)}`;
}

/**
 * `GET /api/files/<key>`: stored files, as `<img src>` and download links fetch them (no bearer
 * header). Public kinds (avatars, logos) for everyone with the random key, cached for a year.
 * Members-only kinds (post attachments, petition documents) only with the signed, expiring link the
 * API put in a member's answer: `Cache-Control: private`, documents as downloads, never run in our
 * origin. Unknown keys, removed files and members-only files without a valid link are 404; a genuine
 * link past its time is 403 `link_expired` (reload the page for a fresh one).
 */
@Controller('files')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  @Public()
  @ApiExcludeEndpoint()
  @Get('*key')
  async serve(
    @Param('key') raw: string | string[],
    @Query('expires') expires: unknown,
    @Query('signature') signature: unknown,
    @Res() res: Response,
  ): Promise<void> {
    const key = Array.isArray(raw) ? raw.join('/') : raw;
    if (!isStorageKey(key)) throw new AppError('ROUTE_NOT_FOUND');
    const object = await this.files.open(key, { expires, signature });
    if (object === 'expired') throw new AppError('LINK_EXPIRED');
    if (!object) throw new AppError('ROUTE_NOT_FOUND');
    res.status(200);
    res.setHeader('Content-Type', object.contentType);
    if (object.size > 0) res.setHeader('Content-Length', String(object.size));
    if (object.membersOnlyUntil === null) {
      res.setHeader('Cache-Control', PUBLIC_CACHE);
    } else {
      const left = Math.max(0, object.membersOnlyUntil - Math.floor(Date.now() / 1000));
      res.setHeader('Cache-Control', `private, max-age=${left}`);
      // The signed address must not travel on to wherever a document links.
      res.setHeader('Referrer-Policy', 'no-referrer');
      if (!object.contentType.startsWith('image/')) res.setHeader('Content-Disposition', attachment(object.downloadName, object.contentType));
    }
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // A PDF opened from here must not run in our origin's context.
    res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    object.body.on('error', () => res.destroy());
    object.body.pipe(res);
  }
}
