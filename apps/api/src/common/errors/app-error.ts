import { type ForbiddenReason, type IssueLike, type MessageKey } from '@legenett/contracts';

/**
 * Every domain error code and what it means on the wire: status and default message. This table is
 * the only place a code meets an HTTP status.
 */
export const ERROR_CODES = {
  BAD_REQUEST: { status: 400, message: 'errors.bad_request' },
  UNAUTHENTICATED: { status: 401, message: 'errors.unauthenticated' },
  TOKEN_EXPIRED: { status: 401, message: 'errors.token_expired' },
  FORBIDDEN: { status: 403, message: 'errors.forbidden' },
  LINK_EXPIRED: { status: 403, message: 'errors.link_expired' },
  NOT_FOUND: { status: 404, message: 'errors.resource_not_found' },
  ROUTE_NOT_FOUND: { status: 404, message: 'errors.not_found' },
  CONFLICT: { status: 409, message: 'errors.conflict' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'errors.payload_too_large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'errors.unsupported_media_type' },
  VALIDATION: { status: 422, message: 'errors.validation_failed' },
  MALFORMED_JSON: { status: 422, message: 'errors.malformed_json' },
  BODY_TOO_DEEP: { status: 422, message: 'errors.body_too_deep' },
  TOO_MANY_REQUESTS: { status: 429, message: 'errors.too_many_requests' },
  INTERNAL: { status: 500, message: 'errors.server_error' },
  MAINTENANCE: { status: 503, message: 'errors.maintenance' },
  UNAVAILABLE: { status: 503, message: 'errors.unavailable' },
} as const satisfies Record<string, { status: number; message: MessageKey }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** One zod-style issue: where (path inside the input) and what (the parts the message rules read). */
export interface InputIssue extends IssueLike {
  path: PropertyKey[];
  keys?: string[];
}

export interface AppErrorOptions {
  /** A catalogue key replacing the code's default message. */
  message?: MessageKey;
  vars?: Record<string, string | number>;
  /** 403 only: why (docs/api-conventions.md). */
  reason?: ForbiddenReason;
  /** 422 only: per-field catalogue keys (already chosen by the caller). */
  fields?: Record<string, MessageKey[]>;
  /** 422 only: schema issues; the filter turns them into localised field messages. */
  issues?: readonly InputIssue[];
  /** Field name for issues at the root of the input ('body', 'query', ...). */
  source?: string;
  /** 429 and 503: seconds until the client may retry (`Retry-After`). */
  retryAfter?: number;
  cause?: unknown;
}

/** A domain error: services throw these; the global filter renders them. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly options: AppErrorOptions = {},
  ) {
    super(options.reason ? `${code}: ${options.reason}` : code, { cause: options.cause });
    this.name = 'AppError';
    this.status = ERROR_CODES[code].status;
  }

  static forbidden(reason: ForbiddenReason): AppError {
    return new AppError('FORBIDDEN', { reason, message: `errors.${reason}` });
  }

  static notFound(): AppError {
    return new AppError('NOT_FOUND');
  }

  static validation(issues: readonly InputIssue[], source: string): AppError {
    return new AppError('VALIDATION', { issues, source });
  }
}
