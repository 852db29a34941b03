import { Controller, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { adminMediaEndpoints as ep, type Locale } from '@legenett/contracts';
import { type Response } from 'express';
import { CurrentPrincipal, type Principal } from '../../common/auth';
import { Body, type BodyOf, Params, type ParamsOf, Query, type QueryOf, Route } from '../../common/http';
import { RequestLocale } from '../../common/i18n/locale';
import { FileUpload } from '../../common/uploads/upload.interceptor';
import { MediaAdminService } from './media-admin.service';
import { MediaUploadInterceptor } from '../../common/files/media-upload.interceptor';
import { MediaUrls } from './media-urls';

type KindId = ParamsOf<typeof ep.show>;

/** `/admin/media`, `/admin/media-categories`, `/admin/frontend-settings` (administrators only). */
@ApiTags('Admin: media')
@Controller()
export class MediaAdminController {
  constructor(
    private readonly admin: MediaAdminService,
    private readonly urls: MediaUrls,
  ) {}

  @Route(ep.list)
  list(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Query() q: QueryOf<typeof ep.list>,
    @Res({ passthrough: true }) res: Response,
  ) {
    // The answer's signed poster and file URLs work with the administrator's binding cookie.
    res.append('Set-Cookie', this.urls.cookie(me.userId));
    return this.admin.list(me, q.kind, q, locale);
  }

  @Route(ep.show)
  show(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: KindId) {
    return this.admin.show(me, p.kind, p.id, locale);
  }

  @Route(ep.create)
  @UseInterceptors(MediaUploadInterceptor)
  create(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Params() p: ParamsOf<typeof ep.create>,
    @Body() body: BodyOf<typeof ep.create>,
    @UploadedFile() file: Express.Multer.File | undefined,
  ) {
    return this.admin.create(me, p.kind, body, file, locale);
  }

  @Route(ep.update)
  update(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Params() p: KindId,
    @Body() body: BodyOf<typeof ep.update>,
  ) {
    return this.admin.update(me, p.kind, p.id, body, locale);
  }

  @Route(ep.captions)
  @UseInterceptors(FileUpload({ field: 'captions' }))
  captions(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Params() p: KindId,
    @UploadedFile() file: Express.Multer.File | undefined,
  ) {
    return this.admin.captions(me, p.kind, p.id, file, locale);
  }

  @Route(ep.poster)
  @UseInterceptors(FileUpload({ field: 'poster' }))
  poster(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Params() p: KindId,
    @UploadedFile() file: Express.Multer.File | undefined,
  ) {
    return this.admin.poster(me, p.kind, p.id, file, locale);
  }

  @Route(ep.publish)
  publish(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Params() p: KindId,
    @Body() body: BodyOf<typeof ep.publish>,
  ) {
    return this.admin.publish(me, p.kind, p.id, body.publish_at, locale);
  }

  @Route(ep.unpublish)
  unpublish(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: KindId) {
    return this.admin.unpublish(me, p.kind, p.id, locale);
  }

  @Route(ep.remove)
  remove(@Params() p: KindId) {
    return this.admin.remove(p.kind, p.id);
  }

  @Route(ep.categories)
  categories(@Query() q: QueryOf<typeof ep.categories>) {
    return this.admin.categories(q.kind);
  }

  @Route(ep.createCategory)
  createCategory(@Body() body: BodyOf<typeof ep.createCategory>) {
    return this.admin.createCategory(body);
  }

  @Route(ep.updateCategory)
  updateCategory(@Params() p: ParamsOf<typeof ep.updateCategory>, @Body() body: BodyOf<typeof ep.updateCategory>) {
    return this.admin.updateCategory(p.id, body.name);
  }

  @Route(ep.deleteCategory)
  deleteCategory(@Params() p: ParamsOf<typeof ep.deleteCategory>) {
    return this.admin.deleteCategory(p.id);
  }

  @Route(ep.updateFrontendSettings)
  updateFrontendSettings(@Body() body: BodyOf<typeof ep.updateFrontendSettings>) {
    return this.admin.updateFrontendSettings(body);
  }
}
