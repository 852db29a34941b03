import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import { IdSchema, mediaEndpoints as ep } from '@legenett/contracts';
import { type Request, type Response } from 'express';
import { CurrentPrincipal, type Principal, Public } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { FilesService } from '../../common/files/files.service';
import { Route } from '../../common/http';
import { RateLimit } from '../../common/rate-limit';
import { PodcastService } from './podcast.service';
import { sendStored } from '../../common/files/stream-response';

/**
 * `/audio/feed` (the caller's private feed) and `/podcast/:token` (the feed and its files, for
 * podcast apps, which send no credentials but the token). Registered before the `/audio/:id` routes.
 */
@ApiTags('Media')
@Controller()
export class PodcastController {
  constructor(
    private readonly podcasts: PodcastService,
    private readonly files: FilesService,
  ) {}

  @Route(ep.podcastFeed)
  show(@CurrentPrincipal() me: Principal) {
    return this.podcasts.show(me);
  }

  @Route(ep.createPodcastFeed)
  @RateLimit({ name: 'podcast-feed', limit: 10, windowSeconds: 3600, by: 'account' })
  create(@CurrentPrincipal() me: Principal) {
    return this.podcasts.create(me);
  }

  @Route(ep.revokePodcastFeed)
  revoke(@CurrentPrincipal() me: Principal) {
    return this.podcasts.revoke(me);
  }

  @Public()
  @ApiExcludeEndpoint()
  @RateLimit({ name: 'podcast-read', limit: 300, windowSeconds: 600, by: 'ip' })
  @Get('podcast/:token')
  async feed(@Param('token') token: string, @Res() res: Response): Promise<void> {
    const body = await this.podcasts.rss(token);
    res.status(200);
    res.setHeader('Content-Type', 'application/rss+xml; charset=utf-8');
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Robots-Tag', 'noindex');
    res.send(body);
  }

  @Public()
  @ApiExcludeEndpoint()
  @RateLimit({ name: 'podcast-read', limit: 300, windowSeconds: 600, by: 'ip' })
  @Get('podcast/:token/audio/:id')
  async track(@Param('token') token: string, @Param('id') rawId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const id = IdSchema.safeParse(rawId);
    if (!id.success) throw new AppError('ROUTE_NOT_FOUND');
    const file = await this.podcasts.trackFile(token, id.data);
    await sendStored(this.files, req, res, file, 'private, no-store');
  }
}
