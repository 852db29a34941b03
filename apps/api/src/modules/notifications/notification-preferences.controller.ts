import { Controller, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { notificationPreferenceEndpoints as ep } from '@legenett/contracts';
import { type Response } from 'express';
import { CurrentPrincipal, type Principal } from '../../common/auth';
import { Body, type BodyOf, Query, type QueryOf, Route } from '../../common/http';
import { NotificationPreferencesService } from './notification-preferences.service';

@ApiTags('Notifications')
@Controller()
export class NotificationPreferencesController {
  constructor(private readonly preferences: NotificationPreferencesService) {}

  @Route(ep.show)
  show(@CurrentPrincipal() me: Principal) {
    return this.preferences.show(me.userId);
  }

  @Route(ep.update)
  update(@CurrentPrincipal() me: Principal, @Body() body: BodyOf<typeof ep.update>) {
    return this.preferences.update(me.userId, body);
  }

  /**
   * RFC 8058: acts only on a POST whose body is `List-Unsubscribe=One-Click` (a form, as mail clients
   * send it, or the same as JSON); any other body is 422, another content type 415.
   */
  @Route(ep.unsubscribe)
  unsubscribe(@Query() q: QueryOf<typeof ep.unsubscribe>, @Body() _body: BodyOf<typeof ep.unsubscribe>) {
    return this.preferences.unsubscribe(q);
  }

  /** A person who opens the link: checked, then sent to the page that asks before unsubscribing. */
  @Route(ep.unsubscribePage)
  unsubscribePage(@Query() q: QueryOf<typeof ep.unsubscribePage>, @Res() res: Response) {
    this.preferences.verifyUnsubscribe(q);
    res.redirect(303, this.preferences.unsubscribePageUrl(q));
  }
}
