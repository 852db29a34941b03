import { Controller, Headers } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { pushEndpoints as ep } from '@legenett/contracts';
import { CurrentPrincipal, type Principal } from '../../../common/auth';
import { Body, type BodyOf, Params, type ParamsOf, Query, type QueryOf, Route } from '../../../common/http';
import { PushService } from './push.service';

@ApiTags('Notifications')
@Controller()
export class PushController {
  constructor(private readonly push: PushService) {}

  @Route(ep.vapidKey)
  vapidKey() {
    return this.push.vapidKey();
  }

  @Route(ep.devices)
  devices(@CurrentPrincipal() me: Principal, @Query() q: QueryOf<typeof ep.devices>) {
    return this.push.list(me.userId, q);
  }

  @Route(ep.subscribe)
  subscribe(@CurrentPrincipal() me: Principal, @Body() body: BodyOf<typeof ep.subscribe>, @Headers('user-agent') userAgent: string | undefined) {
    return this.push.subscribe(me.userId, body, userAgent?.slice(0, 500) ?? null);
  }

  @Route(ep.unsubscribe)
  unsubscribe(@CurrentPrincipal() me: Principal, @Params() p: ParamsOf<typeof ep.unsubscribe>) {
    return this.push.remove(me.userId, p.id);
  }
}
