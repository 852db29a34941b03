import { Controller, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { notificationEndpoints as ep } from '@legenett/contracts';
import { type Request, type Response } from 'express';
import { CurrentPrincipal, type Principal } from '../../common/auth';
import { Body, type BodyOf, Query, type QueryOf, Route } from '../../common/http';
import { NotificationsService } from './notifications.service';
import { NotificationStreamService } from './notification-stream.service';

@ApiTags('Notifications')
@Controller()
export class NotificationsController {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly streams: NotificationStreamService,
  ) {}

  @Route(ep.list)
  list(@CurrentPrincipal() me: Principal, @Query() q: QueryOf<typeof ep.list>) {
    return this.notifications.list(me, q);
  }

  @Route(ep.markRead)
  markRead(@CurrentPrincipal() me: Principal, @Body() body: BodyOf<typeof ep.markRead>) {
    return this.notifications.markRead(me, body.ids);
  }

  @Route(ep.markAllRead)
  markAllRead(@CurrentPrincipal() me: Principal) {
    return this.notifications.markAllRead(me);
  }

  @Route(ep.stream)
  stream(@Query() q: QueryOf<typeof ep.stream>, @Req() req: Request, @Res() res: Response) {
    return this.streams.open(req, res, q.token, q.last_event_id);
  }
}
