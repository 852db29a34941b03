import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { guardSweepEndpoints as ep } from '@legenett/contracts';
import { CurrentPrincipal } from '../../common/auth/current-principal.decorator';
import { type Principal } from '../../common/auth/principal';
import { Body, type BodyOf, Params, type ParamsOf, Query, type QueryOf, Route } from '../../common/http';
import { GuardSweepService } from './guard-sweep.service';

/** The patient-data guard's sweep in the admin area (administrators only: `access: 'admin'`). */
@ApiTags('Admin')
@Controller()
export class GuardSweepController {
  constructor(private readonly sweep: GuardSweepService) {}

  @Route(ep.findings)
  findings(@Query() q: QueryOf<typeof ep.findings>) {
    return this.sweep.findings(q);
  }

  @Route(ep.decideFinding)
  decideFinding(@CurrentPrincipal() me: Principal, @Params() p: ParamsOf<typeof ep.decideFinding>, @Body() b: BodyOf<typeof ep.decideFinding>) {
    return this.sweep.decide(me, p.id, b.decision);
  }

  @Route(ep.latestSweep)
  latest() {
    return this.sweep.latest();
  }

  @Route(ep.startSweep)
  start(@CurrentPrincipal() me: Principal) {
    return this.sweep.start(me);
  }
}
