import { HttpException } from '@nestjs/common';
import { type ErrorBody, type Locale, translate, type ValidationErrorBody } from '@legenett/contracts';
import { AppError, ERROR_CODES, type ErrorCode, type InputIssue } from './app-error';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../database/database-errors';
import { issuesToFieldErrors } from './issue-messages';

export interface RenderedError {
  status: number;
  body: ErrorBody | ValidationErrorBody;
  headers: Record<string, string>;
  /** 5xx: something the operator must see in the logs with its stack. */
  unexpected: boolean;
}

interface RenderContext {
  locale: Locale;
  requestId: string;
}

/** Status of a framework exception -> our code (Nest's own 404 is "no such route"). */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'ROUTE_NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION',
  429: 'TOO_MANY_REQUESTS',
  503: 'UNAVAILABLE',
};

/** Errors raised by body-parser / raw-body before Nest sees the request. */
const CODE_BY_BODY_ERROR: Record<string, ErrorCode> = {
  'entity.parse.failed': 'MALFORMED_JSON',
  'entity.too.large': 'PAYLOAD_TOO_LARGE',
  'entity.verify.failed': 'BAD_REQUEST',
  'encoding.unsupported': 'UNSUPPORTED_MEDIA_TYPE',
  'charset.unsupported': 'UNSUPPORTED_MEDIA_TYPE',
  'request.aborted': 'BAD_REQUEST',
  'request.size.invalid': 'BAD_REQUEST',
  'stream.encoding.set': 'INTERNAL',
  'stream.not.readable': 'INTERNAL',
  'parameters.too.many': 'PAYLOAD_TOO_LARGE',
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function zodIssuesOf(error: unknown): readonly InputIssue[] | undefined {
  if (!isRecord(error)) return undefined;
  if ((error.name === 'ZodError' || error.name === '$ZodError') && Array.isArray(error.issues)) {
    return error.issues as InputIssue[];
  }
  return undefined;
}

/** Classifies anything thrown into one code and its options. */
function classify(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const issues = zodIssuesOf(error);
  if (issues) return AppError.validation(issues, 'body');
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const code = CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
    return new AppError(code, { cause: error });
  }
  if (isRecord(error) && typeof error.type === 'string' && error.type in CODE_BY_BODY_ERROR) {
    return new AppError(CODE_BY_BODY_ERROR[error.type] ?? 'BAD_REQUEST', { cause: error });
  }
  // Other http-errors of the body layer (e.g. a body that does not inflate under its Content-Encoding):
  // their status says what the client did wrong.
  if (isRecord(error) && error.expose === true && typeof error.status === 'number' && error.status >= 400 && error.status < 500) {
    return new AppError(CODE_BY_STATUS[error.status] ?? 'BAD_REQUEST', { cause: error });
  }
  // The database is down, full or too slow: the client may retry; nothing is wrong with the request.
  if (isDatabaseUnavailable(error)) return new AppError('UNAVAILABLE', { retryAfter: DATABASE_RETRY_AFTER_SECONDS, cause: error });
  return new AppError('INTERNAL', { cause: error });
}

/**
 * Turns any error into the status, headers and body of docs/api-conventions.md in the request's
 * language. Used by the global exception filter and by the Express error handler for errors that
 * happen before Nest routes a request (body parsing).
 */
export function renderError(error: unknown, ctx: RenderContext): RenderedError {
  const appError = classify(error);
  const { status } = appError;
  const { options } = appError;
  const message = translate(ctx.locale, options.message ?? ERROR_CODES[appError.code].message, options.vars);
  const headers: Record<string, string> = {};

  if (status === 422) {
    let errors: Record<string, string[]> = {};
    if (options.issues) errors = issuesToFieldErrors(options.issues, ctx.locale, options.source);
    if (options.fields) {
      for (const [field, keys] of Object.entries(options.fields)) {
        errors[field] = keys.map((key) => translate(ctx.locale, key, options.vars));
      }
    }
    if (appError.code === 'MALFORMED_JSON' || appError.code === 'BODY_TOO_DEEP') errors = { body: [message] };
    return { status, body: { message, errors }, headers, unexpected: false };
  }

  if ((status === 429 || status === 503) && options.retryAfter !== undefined) headers['Retry-After'] = String(Math.ceil(options.retryAfter));

  const body: ErrorBody = { status_code: status, message };
  if (status === 403 && options.reason) body.reason = options.reason;
  if (status >= 500 && appError.code === 'INTERNAL') body.request_id = ctx.requestId;
  return { status, body, headers, unexpected: appError.code === 'INTERNAL' };
}
