import {
  buildPath,
  type Endpoint,
  type ErrorBody,
  ErrorBodySchema,
  type HttpMethod,
  type Locale,
  type ValidationErrorBody,
  ValidationErrorBodySchema,
} from '@legenett/contracts';
import type request from 'supertest';
import { z } from 'zod';
import { successStatus } from '../src/common/http/route.decorator';

/**
 * One way for an integration test to call an endpoint: `t.call(ep.show, { as: me, params: { id } })`.
 * Inputs are typed by the descriptor; a 2xx answer is parsed with the descriptor's response schema,
 * so every call also checks the wire shape (docs/how-to/test-an-endpoint.md).
 */

/** Who calls: a session (anything with an access token), or `null` for an anonymous caller. */
export type Caller = { accessToken: string } | null;

/**
 * Input sent as is, outside the contract's types: for the bad-input cases (`body: invalid({ title: 1 })`).
 * The API must answer it with a 4xx, which the test asserts.
 */
export class Invalid {
  constructor(readonly value: unknown) {}
}
export const invalid = (value: unknown): Invalid => new Invalid(value);

// Distributive, so a loop over several descriptors accepts the inputs of any of them.
type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
export type ParamsIn<E extends Endpoint> = E extends Endpoint ? InputOf<E['params']> : never;
export type QueryIn<E extends Endpoint> = E extends Endpoint ? InputOf<E['query']> : never;
export type BodyIn<E extends Endpoint> = E extends Endpoint ? InputOf<E['body']> : never;
/** The parsed success body of `E` (`undefined` for descriptors without a response schema). */
export type ResponseBody<E extends Endpoint> = E extends Endpoint ? (E['response'] extends z.ZodType ? z.output<E['response']> : undefined) : never;

/** A file for a multipart endpoint. */
export interface Upload {
  buffer: Buffer;
  name: string;
}

export interface CallOptions<E extends Endpoint> {
  as: Caller;
  params?: ParamsIn<E> | Invalid;
  query?: QueryIn<E> | Invalid;
  /** JSON, or the text fields of a multipart request when `files` is given or the descriptor is multipart. */
  body?: BodyIn<E> | Invalid;
  /** Multipart files by field name. */
  files?: Record<string, Upload | Upload[]>;
  /**
   * A form body sent as written (`application/x-www-form-urlencoded`), for endpoints a mail client
   * calls: the one-click unsubscribe's `List-Unsubscribe=One-Click` (RFC 8058).
   */
  form?: string;
  /** Sets `X-localization`; without it the API answers in its default language (Norwegian). */
  locale?: Locale;
  /** Extra request headers, e.g. `{ Cookie: session.refreshCookie }`. */
  headers?: Record<string, string>;
}

export interface Answer<E extends Endpoint> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The raw JSON body. */
  body: unknown;
  text: string;
  /** The success body as the contract parsed it; throws when the answer was not a success. */
  readonly parsed: ResponseBody<E>;
  /** A 4xx/5xx other than 422 in the conventions' error shape (`status_code`, `message`, `reason`). */
  readonly error: ErrorBody;
  /** A 422 in the conventions' validation shape (`message`, `errors` by field). */
  readonly validation: ValidationErrorBody;
}

const VERBS = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'delete' } as const satisfies Record<HttpMethod, string>;

const valueOf = (input: unknown): unknown => (input instanceof Invalid ? input.value : input);

/** `{ id: 3 }` -> path parameters as buildPath wants them (strings and numbers only). */
function pathParams(input: unknown): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (input && typeof input === 'object') {
    for (const [key, value] of Object.entries(input)) out[key] = typeof value === 'number' ? value : String(value);
  }
  return out;
}

function formValue(field: string, value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new Error(`multipart field ${field} must be a string, number or boolean, not ${JSON.stringify(value)}`);
}

const short = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 2000 ? `${text.slice(0, 2000)} ...` : text;
};

/** Sends one request as described by `endpoint` and `options`; see CallOptions and Answer. */
export async function callEndpoint<E extends Endpoint>(
  http: ReturnType<typeof request>,
  endpoint: E,
  options: CallOptions<E>,
): Promise<Answer<E>> {
  const url = `/api${buildPath(endpoint.path, pathParams(valueOf(options.params)))}`;
  let req = http[VERBS[endpoint.method]](url);
  if (options.as) req = req.set('Authorization', `Bearer ${options.as.accessToken}`);
  if (options.locale) req = req.set('X-localization', options.locale);
  for (const [name, value] of Object.entries(options.headers ?? {})) req = req.set(name, value);
  const query = valueOf(options.query);
  if (query !== undefined && query !== null) {
    if (typeof query !== 'object') throw new Error(`query of ${url} must be an object`);
    req = req.query(query);
  }
  const body = valueOf(options.body);
  if (options.files || endpoint.multipart) {
    if (body !== undefined && body !== null) {
      if (typeof body !== 'object') throw new Error(`multipart body of ${url} must be an object of fields`);
      for (const [field, value] of Object.entries(body)) {
        if (value !== undefined) req = req.field(field, formValue(field, value));
      }
    }
    for (const [field, files] of Object.entries(options.files ?? {})) {
      for (const file of Array.isArray(files) ? files : [files]) req = req.attach(field, file.buffer, file.name);
    }
  } else if (options.form !== undefined) {
    req = req.type('form').send(options.form);
  } else if (body !== undefined) {
    req = req.type('json').send(typeof body === 'string' ? body : JSON.stringify(body));
  }
  const res = await req;
  const where = `${endpoint.method} ${url} answered ${res.status}`;
  const ok = res.status >= 200 && res.status < 300;
  let parsed: unknown;
  if (ok) {
    const expected = successStatus(endpoint);
    if (res.status !== expected) throw new Error(`${where}, the descriptor says ${expected}: ${short(res.body)}`);
    if (endpoint.response) {
      const result = endpoint.response.safeParse(res.body);
      if (!result.success) {
        throw new Error(`${where} with a body the contract refuses:\n${z.prettifyError(result.error)}\nbody: ${short(res.body)}`);
      }
      parsed = result.data;
    }
  }
  return {
    status: res.status,
    headers: res.headers as Record<string, string | string[] | undefined>,
    body: res.body as unknown,
    text: res.text,
    get parsed(): ResponseBody<E> {
      if (!ok) throw new Error(`${where}, not a success: ${short(res.body)}`);
      // The descriptor's own schema produced it; TypeScript cannot follow E through safeParse.
      return parsed as ResponseBody<E>;
    },
    get error(): ErrorBody {
      if (ok || res.status === 422) throw new Error(`${where}, not an error answer: ${short(res.body)}`);
      return ErrorBodySchema.parse(res.body);
    },
    get validation(): ValidationErrorBody {
      if (res.status !== 422) throw new Error(`${where}, not a validation answer (422): ${short(res.body)}`);
      return ValidationErrorBodySchema.parse(res.body);
    },
  };
}
