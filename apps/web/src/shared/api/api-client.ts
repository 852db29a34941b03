import { buildPath, type Endpoint } from '@legenett/contracts';
import type { z } from 'zod';
import { authStore } from '@/shared/auth/auth-store';
import { currentLocale } from '@/shared/i18n/i18n';
import { ApiError, ApiResponseShapeError, NetworkError } from './api-error';
import { showApiError } from './handle-api-error';
import { pendingRequests } from './pending-requests';
import { isGoneOnRefetch } from './query-client';

export const API_BASE = '/api';

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** What a call to `E` takes: `params` is required exactly when the path has placeholders. */
export type ApiCallOptions<E extends Endpoint> = (E['params'] extends z.ZodType
  ? { params: InputOf<E['params']> }
  : { params?: undefined }) &
  (E['body'] extends z.ZodType ? { body: InputOf<E['body']> | FormData } : { body?: undefined }) & {
    query?: E['query'] extends z.ZodType ? InputOf<E['query']> : undefined;
    signal?: AbortSignal;
    /** Show the global loading overlay while the call runs; default: for everything but GET. */
    overlay?: boolean;
    /** Do not show toasts or the maintenance modal (e.g. course analytics, which fail silently). */
    silent?: boolean;
  };

/** The parsed success body of `E` (undefined for 204 endpoints). */
export type ApiResult<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : undefined;

/**
 * Called on a 401. Resolve `true` when the session was renewed and the request should be retried
 * (once); `false` to give up. The route guard installs refresh-once-and-queue
 * (`features/auth/components/route-access-guard.tsx`); without a handler the stale token is dropped.
 */
export type UnauthorizedHandler = (error: ApiError) => Promise<boolean>;

const defaultUnauthorizedHandler: UnauthorizedHandler = () => {
  authStore.clearToken();
  return Promise.resolve(false);
};

let unauthorizedHandler: UnauthorizedHandler = defaultUnauthorizedHandler;

export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler ?? defaultUnauthorizedHandler;
}

function toQueryString(query: unknown): string {
  if (typeof query !== 'object' || query === null) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    const values: unknown[] = Array.isArray(value) ? value : [value];
    values.forEach((v) => search.append(key, v instanceof Date ? v.toISOString() : String(v)));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The URL of a call: `/api` + the contract path with its parameters + the query. */
export function apiUrl(endpoint: Endpoint, params?: Record<string, string | number>, query?: unknown): string {
  return `${API_BASE}${buildPath(endpoint.path, params)}${toQueryString(query)}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

async function send<E extends Endpoint>(endpoint: E, options: ApiCallOptions<E>): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json', 'X-localization': currentLocale() });
  const token = authStore.getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  const url = apiUrl(endpoint, options.params as Record<string, string | number> | undefined, options.query);
  try {
    return await fetch(url, { method: endpoint.method, headers, body, signal: options.signal, credentials: 'same-origin' });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new NetworkError(cause);
  }
}

/**
 * The one typed way to call the API: the endpoint descriptor gives method, path, and the response
 * schema that the answer is parsed with. Failures are shown (see `showApiError`) and rethrown.
 */
export async function apiCall<E extends Endpoint>(endpoint: E, ...[options]: ApiCallOptionalArgs<E>): Promise<ApiResult<E>> {
  const opts = (options ?? {}) as ApiCallOptions<E>;
  const overlay = opts.overlay ?? endpoint.method !== 'GET';
  if (overlay) pendingRequests.start();
  try {
    return await callOnce(endpoint, opts, false);
  } catch (error) {
    // A refetch that finds its thing gone (removed by the action that asked for the refetch) is no failure.
    const gone = error instanceof ApiError && isGoneOnRefetch(error.status, opts.signal);
    if (!opts.silent && !gone) showApiError(error);
    throw error;
  } finally {
    if (overlay) pendingRequests.end();
  }
}

/**
 * A file answer (an .ics calendar, a CSV, a PDF) as a Blob: the same token, refresh and error
 * handling as `apiCall`, for descriptors without a JSON response.
 */
export async function apiDownload<E extends Endpoint>(endpoint: E, ...[options]: ApiCallOptionalArgs<E>): Promise<Blob> {
  const opts = (options ?? {}) as ApiCallOptions<E>;
  const run = async (retried: boolean): Promise<Blob> => {
    const response = await send(endpoint, opts);
    if (!response.ok) {
      const error = new ApiError(response.status, await readBody(response));
      if (response.status === 401 && !retried && (await unauthorizedHandler(error))) return run(true);
      throw error;
    }
    return response.blob();
  };
  try {
    return await run(false);
  } catch (error) {
    if (!opts.silent) showApiError(error);
    throw error;
  }
}

/** Options may be left out only when nothing in them is required. */
type ApiCallOptionalArgs<E extends Endpoint> = E['params'] extends z.ZodType
  ? [options: ApiCallOptions<E>]
  : E['body'] extends z.ZodType
    ? [options: ApiCallOptions<E>]
    : [options?: ApiCallOptions<E>];

async function callOnce<E extends Endpoint>(endpoint: E, options: ApiCallOptions<E>, retried: boolean): Promise<ApiResult<E>> {
  const response = await send(endpoint, options);
  const body = await readBody(response);

  if (!response.ok) {
    const error = new ApiError(response.status, body, response.headers);
    if (response.status === 401 && !retried && (await unauthorizedHandler(error))) {
      return callOnce(endpoint, options, true);
    }
    throw error;
  }

  if (endpoint.response === null) return undefined as ApiResult<E>;
  const parsed = endpoint.response.safeParse(body);
  if (!parsed.success) throw new ApiResponseShapeError(endpoint.path, parsed.error);
  return parsed.data as ApiResult<E>;
}
