import { Controller, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Locale, type MediaKind, mediaEndpoints as ep } from '@legenett/contracts';
import { type Response } from 'express';
import { CurrentPrincipal, type Principal } from '../../common/auth';
import { Body, type BodyOf, Params, type ParamsOf, Query, type QueryOf, Route } from '../../common/http';
import { RequestLocale } from '../../common/i18n/locale';
import { MediaService } from './media.service';

type Id = ParamsOf<typeof ep.video>;

/** `/videos`, `/audio`, their categories, saved positions and the resume setting. */
@ApiTags('Media')
@Controller()
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @Route(ep.videos)
  videos(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Query() q: QueryOf<typeof ep.videos>,
    @Res({ passthrough: true }) res: Response,
  ) {
    this.bind(me, res);
    return this.media.list(me, 'video', q, locale);
  }

  @Route(ep.videosOfCategory)
  videosOfCategory(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Params() p: Id,
    @Query() q: QueryOf<typeof ep.videosOfCategory>,
    @Res({ passthrough: true }) res: Response,
  ) {
    this.bind(me, res);
    return this.media.list(me, 'video', { ...q, categories: [p.id] }, locale);
  }

  @Route(ep.video)
  video(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Params() p: Id,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.show(me, 'video', p.id, locale, res);
  }

  @Route(ep.videoCategories)
  videoCategories(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale) {
    return this.media.categories(me, 'video', locale);
  }

  @Route(ep.audioList)
  audioList(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Query() q: QueryOf<typeof ep.audioList>,
    @Res({ passthrough: true }) res: Response,
  ) {
    this.bind(me, res);
    return this.media.list(me, 'audio', q, locale);
  }

  @Route(ep.audio)
  audio(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Params() p: Id,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.show(me, 'audio', p.id, locale, res);
  }

  @Route(ep.audioCategories)
  audioCategories(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale) {
    return this.media.categories(me, 'audio', locale);
  }

  @Route(ep.continueList)
  continueList(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Query() q: QueryOf<typeof ep.continueList>,
    @Res({ passthrough: true }) res: Response,
  ) {
    this.bind(me, res);
    return this.media.continueList(me, q.kind, locale);
  }

  @Route(ep.captionSearch)
  captionSearch(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Query() q: QueryOf<typeof ep.captionSearch>,
    @Res({ passthrough: true }) res: Response,
  ) {
    this.bind(me, res);
    return this.media.captionSearch(me, q.kind, q, locale);
  }

  @Route(ep.savePosition)
  savePosition(@CurrentPrincipal() me: Principal, @Body() body: BodyOf<typeof ep.savePosition>) {
    return this.media.savePosition(me, body);
  }

  @Route(ep.preferences)
  preferences(@CurrentPrincipal() me: Principal) {
    return this.media.preferences(me);
  }

  @Route(ep.updatePreferences)
  updatePreferences(@CurrentPrincipal() me: Principal, @Body() body: BodyOf<typeof ep.updatePreferences>) {
    return this.media.setPreferences(me, body.resume);
  }

  /** Lists carry signed poster URLs: the browser needs the binding cookie for them as well. */
  private bind(me: Principal, res: Response): void {
    res.append('Set-Cookie', this.media.bindingCookie(me));
    res.setHeader('Cache-Control', 'private, no-store');
  }

  private async show(me: Principal, kind: MediaKind, id: number, locale: Locale, res: Response) {
    const { data, cookie } = await this.media.show(me, kind, id, locale);
    res.append('Set-Cookie', cookie);
    res.setHeader('Cache-Control', 'private, no-store');
    return { data };
  }
}
