import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { alertEndpoints as ep } from '@legenett/contracts';
import { CurrentPrincipal, type Principal } from '../../common/auth';
import { Body, type BodyOf, Params, type ParamsOf, Query, type QueryOf, Route } from '../../common/http';
import { AlertsService } from './alerts.service';

type Id = ParamsOf<typeof ep.update>;

@ApiTags('Alerts')
@Controller()
export class AlertsController {
  constructor(private readonly alerts: AlertsService) {}

  @Route(ep.list)
  list(@CurrentPrincipal() me: Principal, @Query() q: QueryOf<typeof ep.list>) {
    return this.alerts.list(me, q);
  }

  @Route(ep.create)
  create(@CurrentPrincipal() me: Principal, @Body() body: BodyOf<typeof ep.create>) {
    return this.alerts.create(me, body);
  }

  @Route(ep.update)
  update(@CurrentPrincipal() me: Principal, @Params() p: Id, @Body() body: BodyOf<typeof ep.update>) {
    return this.alerts.update(me, p.id, body);
  }

  @Route(ep.remove)
  remove(@CurrentPrincipal() me: Principal, @Params() p: Id) {
    return this.alerts.remove(me, p.id);
  }
}
