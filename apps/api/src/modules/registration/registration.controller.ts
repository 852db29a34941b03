import { Controller, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Locale, registrationEndpoints as ep } from '@legenett/contracts';
import { type Request, type Response } from 'express';
import { CurrentPrincipal, type Principal } from '../../common/auth';
import { Body, type BodyOf, Params, type ParamsOf, Route } from '../../common/http';
import { RequestLocale } from '../../common/i18n/locale';
import { RateLimit } from '../../common/rate-limit';
import { AccountRecoveryService } from './account-recovery.service';
import { IdentityService } from './identity.service';
import { RegistrationService } from './registration.service';

type IdParams = ParamsOf<typeof ep.retrieveIdentitySession>;

@ApiTags('Registration')
@Controller()
export class RegistrationController {
  constructor(
    private readonly identity: IdentityService,
    private readonly registration: RegistrationService,
    private readonly recovery: AccountRecoveryService,
  ) {}

  @Route(ep.createIdentitySession)
  @RateLimit({ name: 'identity-session', limit: 20, windowSeconds: 600, by: 'ip' })
  createIdentitySession(@RequestLocale() locale: Locale) {
    return this.identity.create(locale);
  }

  @Route(ep.retrieveIdentitySession)
  retrieveIdentitySession(@Params() p: IdParams) {
    return this.identity.retrieve(p.id);
  }

  @Route(ep.createUserFromIdentity)
  @RateLimit({ name: 'registration', limit: 10, windowSeconds: 3600, by: 'ip' })
  createUserFromIdentity(
    @Params() p: IdParams,
    @Body() body: BodyOf<typeof ep.createUserFromIdentity>,
    @RequestLocale() locale: Locale,
  ) {
    return this.registration.registerWithIdentity(p.id, body, locale);
  }

  @Route(ep.registerWithHpr)
  @RateLimit({ name: 'registration', limit: 10, windowSeconds: 3600, by: 'ip' })
  registerWithHpr(@Body() body: BodyOf<typeof ep.registerWithHpr>, @RequestLocale() locale: Locale) {
    return this.registration.registerWithHpr(body, locale);
  }

  @Route(ep.showVerification)
  showVerification(@Params() p: IdParams) {
    return this.registration.showVerification(p.id);
  }

  @Route(ep.verify)
  @RateLimit({ name: 'verification-code', limit: 10, windowSeconds: 900, by: 'ip' })
  verify(
    @Params() p: IdParams,
    @Body() body: BodyOf<typeof ep.verify>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.registration.verify(p.id, body.code, req, res);
  }

  @Route(ep.resendVerification)
  @RateLimit({ name: 'verification-resend', limit: 5, windowSeconds: 900, by: 'ip' })
  resendVerification(@Params() p: IdParams, @RequestLocale() locale: Locale) {
    return this.registration.resendVerification(p.id, locale);
  }

  @Route(ep.forgotPassword)
  @RateLimit(
    { name: 'forgot-password-ip', limit: 10, windowSeconds: 900, by: 'ip' },
    { name: 'forgot-password', limit: 3, windowSeconds: 900, by: 'account' },
  )
  forgotPassword(@Body() body: BodyOf<typeof ep.forgotPassword>, @RequestLocale() locale: Locale) {
    return this.recovery.forgotPassword(body.email, locale);
  }

  @Route(ep.resetPassword)
  @RateLimit({ name: 'reset-password', limit: 10, windowSeconds: 900, by: 'ip' })
  resetPassword(@Body() body: BodyOf<typeof ep.resetPassword>, @RequestLocale() locale: Locale) {
    return this.recovery.resetPassword(body.token, body.password, locale);
  }

  @Route(ep.changeEmail)
  @RateLimit({ name: 'change-email', limit: 5, windowSeconds: 900, by: 'account' })
  changeEmail(
    @CurrentPrincipal() principal: Principal,
    @Body() body: BodyOf<typeof ep.changeEmail>,
    @RequestLocale() locale: Locale,
  ) {
    return this.recovery.requestEmailChange(principal, body.new_email, body.password, locale);
  }

  @Route(ep.confirmEmailChange)
  @RateLimit({ name: 'confirm-email', limit: 10, windowSeconds: 900, by: 'ip' })
  confirmEmailChange(@Body() body: BodyOf<typeof ep.confirmEmailChange>, @RequestLocale() locale: Locale) {
    return this.recovery.confirmEmailChange(body.token, locale);
  }
}
