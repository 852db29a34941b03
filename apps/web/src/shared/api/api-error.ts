import { ErrorBodySchema, ValidationErrorBodySchema, type ErrorBody, type ValidationErrorBody } from '@legenett/contracts';

/** An answer with a non-2xx status; `body` is the parsed JSON, or null when there was none. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** Seconds to wait before trying again, from a `Retry-After` header (429, 503); null without one. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, body: unknown, headers?: Headers) {
    super(ApiError.messageOf(body) ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfterSeconds = parseRetryAfter(headers?.get('Retry-After') ?? null);
  }

  static messageOf(body: unknown): string | null {
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' && body.message) {
      return body.message;
    }
    return null;
  }

  /** The 422 body with its `errors` object, if this is one. */
  get validation(): ValidationErrorBody | null {
    if (this.status !== 422) return null;
    const parsed = ValidationErrorBodySchema.safeParse(this.body);
    return parsed.success ? parsed.data : null;
  }

  /** The error body of docs/api-conventions.md (status_code, message, reason), if it has that shape. */
  get error(): ErrorBody | null {
    const parsed = ErrorBodySchema.safeParse(this.body);
    return parsed.success ? parsed.data : null;
  }
}

/** The server answered, but not with the shape its contract promises. */
export class ApiResponseShapeError extends Error {
  constructor(path: string, cause: unknown) {
    super(`Unexpected response shape from ${path}`, { cause });
    this.name = 'ApiResponseShapeError';
  }
}

/** No answer at all (offline, DNS, aborted connection). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network error', { cause });
    this.name = 'NetworkError';
  }
}

/** `Retry-After` is either delay-seconds or an HTTP date (RFC 9110 10.2.3). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * What to show beside a small form that holds one field (a post's text, a share's comment): the
 * 422's messages joined, else the error's own message. Forms with several fields use
 * `useContractForm`, which puts each message beside its field.
 */
export function inlineErrorText(err: unknown): string | null {
  const validation = err instanceof ApiError ? err.validation : null;
  if (validation) return Object.values(validation.errors).flat().join(' ') || validation.message;
  return err instanceof Error ? err.message : null;
}
