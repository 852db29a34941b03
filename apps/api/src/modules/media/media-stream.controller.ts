import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { IdSchema, MediaKindSchema } from '@legenett/contracts';
import { type Request, type Response } from 'express';
import { Public } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { FilesService } from '../../common/files/files.service';
import { MediaRepository } from './media.repository';
import { MEDIA_COOKIE, MEDIA_PARTS, type MediaPart, MediaUrls } from './media-urls';
import { sendStored } from '../../common/files/stream-response';

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
    await sendStored(this.files, req, res, file, `private, max-age=${Math.max(0, Number(query.expires) - Math.floor(Date.now() / 1000))}`);
  }
}
