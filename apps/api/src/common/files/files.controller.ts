import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { type Response } from 'express';
import { Public } from '../auth/access.decorator';
import { AppError } from '../errors/app-error';
import { isStorageKey } from '../storage/storage';
import { FilesService } from './files.service';

/** One year: keys are random and never reused, so a stored file never changes. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * `GET /api/files/<key>`: stored files for everyone who has the (unguessable) key, as `<img src>`
 * needs them without a bearer token. Unknown or malformed keys, and objects without a `stored_files`
 * row (removed, or never recorded), are a 404.
 */
@Controller('files')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  @Public()
  @ApiExcludeEndpoint()
  @Get('*key')
  async serve(@Param('key') raw: string | string[], @Res() res: Response): Promise<void> {
    const key = Array.isArray(raw) ? raw.join('/') : raw;
    if (!isStorageKey(key)) throw new AppError('ROUTE_NOT_FOUND');
    const object = await this.files.open(key);
    if (!object) throw new AppError('ROUTE_NOT_FOUND');
    res.status(200);
    res.setHeader('Content-Type', object.contentType);
    if (object.size > 0) res.setHeader('Content-Length', String(object.size));
    res.setHeader('Cache-Control', CACHE_CONTROL);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // A PDF opened from here must not run in our origin's context.
    res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    object.body.on('error', () => res.destroy());
    object.body.pipe(res);
  }
}
