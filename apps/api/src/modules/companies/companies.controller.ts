import { Controller, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { COMPANY_LOGO_FIELD, companyEndpoints as ep, type Locale } from '@legenett/contracts';
import { CurrentPrincipal, type Principal } from '../../common/auth';
import { Body, type BodyOf, Params, type ParamsOf, Query, type QueryOf, Route } from '../../common/http';
import { RequestLocale } from '../../common/i18n/locale';
import { FileUpload } from '../../common/uploads/upload.interceptor';
import { CompaniesService } from './companies.service';

type Slug = ParamsOf<typeof ep.show>;

@ApiTags('Partner companies')
@Controller()
export class CompaniesController {
  constructor(private readonly companies: CompaniesService) {}

  @Route(ep.list)
  list(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Query() q: QueryOf<typeof ep.list>) {
    return this.companies.list(me, q, locale);
  }

  @Route(ep.create)
  @UseInterceptors(FileUpload({ field: COMPANY_LOGO_FIELD }))
  create(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Body() body: BodyOf<typeof ep.create>,
    @UploadedFile() file: Express.Multer.File | undefined,
  ) {
    return this.companies.create(me, body, file, locale);
  }

  @Route(ep.update)
  @UseInterceptors(FileUpload({ field: COMPANY_LOGO_FIELD }))
  update(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Params() p: Slug,
    @Body() body: BodyOf<typeof ep.update>,
    @UploadedFile() file: Express.Multer.File | undefined,
  ) {
    return this.companies.update(me, p.slug, body, file, locale);
  }

  @Route(ep.show)
  show(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Slug) {
    return this.companies.show(me, p.slug, locale);
  }

  @Route(ep.followers)
  followers(@CurrentPrincipal() me: Principal, @Params() p: Slug, @Query() q: QueryOf<typeof ep.followers>) {
    return this.companies.followers(me, p.slug, q);
  }

  @Route(ep.follow)
  follow(@CurrentPrincipal() me: Principal, @Params() p: Slug) {
    return this.companies.setFollow(me, p.slug, true);
  }

  @Route(ep.unfollow)
  unfollow(@CurrentPrincipal() me: Principal, @Params() p: Slug) {
    return this.companies.setFollow(me, p.slug, false);
  }

  @Route(ep.invite)
  invite(@CurrentPrincipal() me: Principal, @Params() p: Slug, @Body() body: BodyOf<typeof ep.invite>) {
    return this.companies.invite(me, p.slug, body.users);
  }

  @Route(ep.settings)
  settings(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Params() p: Slug,
    @Body() body: BodyOf<typeof ep.settings>,
  ) {
    return this.companies.settings(me, p.slug, body, locale);
  }

  @Route(ep.remove)
  remove(@CurrentPrincipal() me: Principal, @Params() p: Slug, @Body() body: BodyOf<typeof ep.remove>) {
    return this.companies.remove(me, p.slug, body.reason_to_delete);
  }

  @Route(ep.posts)
  posts(@CurrentPrincipal() me: Principal, @Params() p: Slug, @Query() q: QueryOf<typeof ep.posts>) {
    return this.companies.posts(me, p.slug, q);
  }
}
