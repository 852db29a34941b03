import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { adminEndpoints as ep, type Locale } from '@legenett/contracts';
import { CurrentPrincipal } from '../../common/auth/current-principal.decorator';
import { type Principal } from '../../common/auth/principal';
import { Body, type BodyOf, Params, type ParamsOf, Query, type QueryOf, Route } from '../../common/http';
import { RequestLocale } from '../../common/i18n/locale';
import { AdminService } from './admin.service';
import { MailPreviews } from './mail-previews';

type UserParams = ParamsOf<typeof ep.user>;
type ReasonBody = BodyOf<typeof ep.reject>;

@ApiTags('Admin')
@Controller()
export class AdminController {
  constructor(
    private readonly admin: AdminService,
    private readonly previews: MailPreviews,
  ) {}

  @Route(ep.users)
  users(@CurrentPrincipal() me: Principal, @Query() q: QueryOf<typeof ep.users>) {
    return this.admin.listUsers(me, q);
  }

  @Route(ep.user)
  user(@CurrentPrincipal() me: Principal, @Params() p: UserParams) {
    return this.admin.showUser(me, p.id);
  }

  @Route(ep.approve)
  approve(@CurrentPrincipal() me: Principal, @Params() p: UserParams, @RequestLocale() locale: Locale) {
    return this.admin.decide(me, p.id, 'approve', null, locale);
  }

  @Route(ep.reject)
  reject(@CurrentPrincipal() me: Principal, @Params() p: UserParams, @Body() b: ReasonBody, @RequestLocale() locale: Locale) {
    return this.admin.decide(me, p.id, 'reject', b.reason, locale);
  }

  @Route(ep.block)
  block(@CurrentPrincipal() me: Principal, @Params() p: UserParams, @Body() b: ReasonBody, @RequestLocale() locale: Locale) {
    return this.admin.decide(me, p.id, 'block', b.reason, locale);
  }

  @Route(ep.unblock)
  unblock(@CurrentPrincipal() me: Principal, @Params() p: UserParams, @RequestLocale() locale: Locale) {
    return this.admin.decide(me, p.id, 'unblock', null, locale);
  }

  @Route(ep.outbox)
  outbox(@Query() q: QueryOf<typeof ep.outbox>) {
    return this.admin.outbox(q);
  }

  @Route(ep.mailTemplates)
  mailTemplates(@RequestLocale() locale: Locale) {
    return this.previews.list(locale);
  }

  @Route(ep.mailPreview)
  mailPreview(@Params() p: ParamsOf<typeof ep.mailPreview>, @Query() q: QueryOf<typeof ep.mailPreview>, @RequestLocale() locale: Locale) {
    return this.previews.show(p.template, q.locale ?? locale);
  }
}
