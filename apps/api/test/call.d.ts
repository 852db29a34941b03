import { type Endpoint, type ErrorBody, type Locale, type ValidationErrorBody } from '@legenett/contracts';
import type request from 'supertest';
import { z } from 'zod';
/**
 * One way for an integration test to call an endpoint: `t.call(ep.show, { as: me, params: { id } })`.
 * Inputs are typed by the descriptor; a 2xx answer is parsed with the descriptor's response schema,
 * so every call also checks the wire shape (docs/how-to/test-an-endpoint.md).
 */
/** Who calls: a session (anything with an access token), or `null` for an anonymous caller. */
export type Caller = {
    accessToken: string;
} | null;
/**
 * Input sent as is, outside the contract's types: for the bad-input cases (`body: invalid({ title: 1 })`).
 * The API must answer it with a 4xx, which the test asserts.
 */
export declare class Invalid {
    readonly value: unknown;
    constructor(value: unknown);
}
export declare const invalid: (value: unknown) => Invalid;
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
/** Sends one request as described by `endpoint` and `options`; see CallOptions and Answer. */
export declare function callEndpoint<E extends Endpoint>(http: ReturnType<typeof request>, endpoint: E, options: CallOptions<E>): Promise<Answer<E>>;
export {};
