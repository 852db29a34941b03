import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { type Locale, resolveLocale } from '@legenett/contracts';
import { type IncomingMessage } from 'node:http';

export const LOCALE_HEADER = 'x-localization';

/** `X-localization: no|en` (default no) of a request. */
export function localeOf(req: IncomingMessage): Locale {
  return resolveLocale(req.headers[LOCALE_HEADER]);
}

/** The request's language as a handler argument: `list(@RequestLocale() locale: Locale)`. */
export const RequestLocale = createParamDecorator((_data: unknown, ctx: ExecutionContext): Locale =>
  localeOf(ctx.switchToHttp().getRequest<IncomingMessage>()),
);
