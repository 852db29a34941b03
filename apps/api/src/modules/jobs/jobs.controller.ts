import { Controller, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { jobEndpoints as ep, type Locale } from '@legenett/contracts';
import { CurrentPrincipal, type Principal } from '../../common/auth';
import { Body, type BodyOf, Params, type ParamsOf, Query, type QueryOf, Route } from '../../common/http';
import { RequestLocale } from '../../common/i18n/locale';
import { FileUpload } from '../../common/uploads/upload.interceptor';
import { JobsService } from './jobs.service';

type Id = ParamsOf<typeof ep.show>;

@ApiTags('Jobs')
@Controller()
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @Route(ep.list)
  list(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Query() q: QueryOf<typeof ep.list>,
  ) {
    return this.jobs.list(me, q, locale);
  }

  @Route(ep.archived)
  archived(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Query() q: QueryOf<typeof ep.archived>,
  ) {
    return this.jobs.archived(me, q, locale);
  }

  @Route(ep.show)
  show(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.jobs.show(me, p.id, locale);
  }

  @Route(ep.markAsViewed)
  markAsViewed(@CurrentPrincipal() me: Principal, @Params() p: Id) {
    return this.jobs.markAsViewed(me, p.id);
  }

  @Route(ep.myList)
  myList(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Query() q: QueryOf<typeof ep.myList>,
  ) {
    return this.jobs.myList(me, q, locale);
  }

  @Route(ep.myShow)
  myShow(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.jobs.myShow(me, p.id, locale);
  }

  @Route(ep.create)
  create(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Body() body: BodyOf<typeof ep.create>,
  ) {
    return this.jobs.create(me, body, locale);
  }

  @Route(ep.update)
  update(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Params() p: Id,
    @Body() body: BodyOf<typeof ep.update>,
  ) {
    return this.jobs.update(me, p.id, body, locale);
  }

  @Route(ep.close)
  close(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.jobs.close(me, p.id, locale);
  }

  @Route(ep.uploadLogo)
  @UseInterceptors(FileUpload({ field: 'logo' }))
  uploadLogo(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Params() p: Id,
    @UploadedFile() file: Express.Multer.File | undefined,
  ) {
    return this.jobs.uploadLogo(me, p.id, file, locale);
  }

  @Route(ep.deleteLogo)
  deleteLogo(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.jobs.deleteLogo(me, p.id, locale);
  }
}
