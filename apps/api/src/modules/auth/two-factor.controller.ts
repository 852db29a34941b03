import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { authEndpoints as ep } from '@legenett/contracts';
import { CurrentPrincipal } from '../../common/auth/current-principal.decorator';
import { type Principal } from '../../common/auth/principal';
import { Body, type BodyOf, Route } from '../../common/http';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { TwoFactorService } from './two-factor.service';

/** Codes per account on the set-up calls (guessing a 6-digit code needs far more). */
const CODE_LIMIT = { name: 'two-factor-settings', limit: 10, windowSeconds: 900, by: 'account' } as const;

@ApiTags('Auth and user')
@Controller()
export class TwoFactorController {
  constructor(private readonly twoFactor: TwoFactorService) {}

  @Route(ep.twoFactorSetup)
  setup(@CurrentPrincipal() principal: Principal) {
    return this.twoFactor.setup(principal);
  }

  @Route(ep.twoFactorEnable)
  @RateLimit(CODE_LIMIT)
  enable(@CurrentPrincipal() principal: Principal, @Body() body: BodyOf<typeof ep.twoFactorEnable>) {
    return this.twoFactor.enable(principal, body.code);
  }

  @Route(ep.twoFactorDisable)
  @RateLimit(CODE_LIMIT)
  disable(@CurrentPrincipal() principal: Principal, @Body() body: BodyOf<typeof ep.twoFactorDisable>) {
    return this.twoFactor.disable(principal, body.password, body.code);
  }

  @Route(ep.twoFactorRecoveryCodes)
  @RateLimit(CODE_LIMIT)
  recoveryCodes(@CurrentPrincipal() principal: Principal, @Body() body: BodyOf<typeof ep.twoFactorRecoveryCodes>) {
    return this.twoFactor.regenerateRecoveryCodes(principal, body.code);
  }
}
