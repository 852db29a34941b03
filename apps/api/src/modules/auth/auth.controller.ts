import { Controller, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { authEndpoints as ep } from '@legenett/contracts';
import { type Request, type Response } from 'express';
import { CurrentPrincipal, OptionalPrincipal } from '../../common/auth/current-principal.decorator';
import { type Principal } from '../../common/auth/principal';
import { Body, type BodyOf, Params, type ParamsOf, Query, type QueryOf, Route } from '../../common/http';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { SessionService } from '../users';
import { AccountService } from './account.service';
import { LOGIN_LIMITS, LoginService } from './login.service';

@ApiTags('Auth and user')
@Controller()
export class AuthController {
  constructor(
    private readonly login: LoginService,
    private readonly account: AccountService,
    private readonly sessions: SessionService,
  ) {}

  @Route(ep.login)
  logIn(@Body() body: BodyOf<typeof ep.login>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.login.login(body, req, res);
  }

  @Route(ep.loginTwoFactor)
  @RateLimit(LOGIN_LIMITS.twoFactorIp)
  logInTwoFactor(@Body() body: BodyOf<typeof ep.loginTwoFactor>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.login.loginTwoFactor(body, req, res);
  }

  @Route(ep.logout)
  logOut(@OptionalPrincipal() principal: Principal | null, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.account.logout(principal, req, res);
  }

  @Route(ep.sessions)
  listSessions(@CurrentPrincipal() principal: Principal) {
    return this.sessions.listSessions(principal.userId, principal.familyId);
  }

  @Route(ep.revokeSession)
  revokeSession(
    @CurrentPrincipal() principal: Principal,
    @Params() p: ParamsOf<typeof ep.revokeSession>,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.sessions.revokeSession(principal.userId, principal.familyId, p.id, res);
  }

  @Route(ep.revokeSessions)
  revokeSessions(
    @CurrentPrincipal() principal: Principal,
    @Query() q: QueryOf<typeof ep.revokeSessions>,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.sessions.revokeSessions(principal.userId, principal.familyId, q, res);
  }

  @Route(ep.refresh)
  refresh(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.sessions.refresh(req, res);
  }

  @Route(ep.me)
  me(@CurrentPrincipal() principal: Principal) {
    return this.account.me(principal);
  }

  @Route(ep.authAs)
  authAs(@CurrentPrincipal() principal: Principal, @Params() p: ParamsOf<typeof ep.authAs>) {
    return this.account.actAs(principal, p.id);
  }

  @Route(ep.leaveBusinessProfile)
  leaveBusinessProfile(@CurrentPrincipal() principal: Principal) {
    return this.account.leaveBusinessProfile(principal);
  }

  @Route(ep.changePassword)
  @RateLimit({ name: 'change-password', limit: 10, windowSeconds: 900, by: 'account' })
  changePassword(@CurrentPrincipal() principal: Principal, @Body() body: BodyOf<typeof ep.changePassword>) {
    return this.account.changePassword(principal, body);
  }
}
