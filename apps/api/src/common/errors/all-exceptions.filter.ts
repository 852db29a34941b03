import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { requestIdOf } from '../context/request-id';
import { localeOf } from '../i18n/locale';
import { AppError } from './app-error';
import { renderError } from './render-error';

/** The one place where an error becomes an HTTP answer (see render-error.ts for the mapping). */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    sendError(error, req, res, this.logger);
  }
}

export function sendError(error: unknown, req: Request, res: Response, logger: Logger): void {
  const rendered = renderError(error, { locale: localeOf(req), requestId: requestIdOf(req) });
  if (rendered.unexpected) {
    const cause = error instanceof AppError && error.options.cause !== undefined ? error.options.cause : error;
    logger.error({ err: cause, request_id: requestIdOf(req) }, 'Unhandled error');
  } else if (rendered.status === 503 && error instanceof Error && !(error instanceof AppError)) {
    // A dependency failed (database down or overloaded): the operator sees why, without a stack per request.
    logger.warn({ request_id: requestIdOf(req), reason: error.message }, 'Dependency unavailable');
  }
  if (res.headersSent) {
    // Too late for a clean answer (a stream broke half-way): end the response.
    res.end();
    return;
  }
  for (const [name, value] of Object.entries(rendered.headers)) res.setHeader(name, value);
  res.status(rendered.status).json(rendered.body);
}
