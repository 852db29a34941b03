import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type Locale, resolveLocale } from '@legenett/contracts';
import { type Request, type Response } from 'express';
import { z } from 'zod';
import { Public } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { localeOf } from '../../common/i18n/locale';
import { SimulatorService } from './simulator.service';

const SessionId = z.uuid();
const ActionBody = z.object({
  action: z.enum(['choose', 'cancel']),
  hpr_number: z.string().regex(/^\d{1,12}$/).optional(),
});

const pageLocale = (req: Request): Locale =>
  typeof req.query.lang === 'string' ? resolveLocale(req.query.lang) : localeOf(req);

/**
 * The local identity provider's pages (`IDENTITY_PROVIDER=simulator`): HTML for a browser, not part
 * of the JSON API contract, hence no descriptor.
 */
@ApiExcludeController()
@Controller('identity-simulator')
export class SimulatorController {
  constructor(private readonly simulator: SimulatorService) {}

  @Public()
  @Get(':id')
  async show(@Req() req: Request, @Res() res: Response): Promise<void> {
    const locale = pageLocale(req);
    const id = SessionId.safeParse(req.params.id);
    const view = id.success ? await this.simulator.render(id.data, locale) : this.simulator.gone(AppError.notFound(), locale);
    res.status(view.status).type('html').setHeader('Cache-Control', 'no-store').send(view.html);
  }

  @Public()
  @Post(':id')
  async act(@Req() req: Request, @Res() res: Response): Promise<void> {
    const locale = pageLocale(req);
    const id = SessionId.safeParse(req.params.id);
    const body = ActionBody.safeParse(req.body);
    if (!id.success || !body.success) {
      const view = this.simulator.gone(new AppError('BAD_REQUEST'), locale);
      res.status(view.status).type('html').send(view.html);
      return;
    }
    try {
      res.redirect(303, await this.simulator.act(id.data, body.data.action, body.data.hpr_number));
    } catch (err) {
      const view = this.simulator.gone(err, locale);
      res.status(view.status).type('html').send(view.html);
    }
  }
}
