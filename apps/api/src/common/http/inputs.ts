import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { type Endpoint } from '@legenett/contracts';
import { type Request } from 'express';
import { type z } from 'zod';
import { AppError, type InputIssue } from '../errors/app-error';
import { ENDPOINT_KEY } from './route.decorator';

type Part = 'params' | 'query' | 'body';

/** Parsed input types of a descriptor: `query: QueryOf<typeof endpoints.list>`. */
export type ParamsOf<E extends Endpoint> = E['params'] extends z.ZodType ? z.output<E['params']> : never;
export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodType ? z.output<E['query']> : never;
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.output<E['body']> : never;

/**
 * Validates one part of the request against the handler's descriptor (coercion and defaults
 * included) and returns the parsed value; a mismatch is a 422 with per-field messages.
 */
export function parseInput(endpoint: Endpoint | undefined, part: Part, raw: unknown): unknown {
  const schema = endpoint?.[part];
  if (!schema) {
    throw new Error(`@${part}() needs @Route(endpoint) with a ${part} schema on the same handler`);
  }
  // PostgreSQL text cannot hold NUL; refuse it here as bad input rather than fail in the database.
  const nul = nulPaths(raw);
  if (nul.length > 0) {
    throw AppError.validation(nul.map((path): InputIssue => ({ code: 'custom', path, message: 'validation.invalid' })), part);
  }
  const result = schema.safeParse(raw ?? {}, { reportInput: true });
  if (!result.success) throw AppError.validation(result.error.issues as readonly InputIssue[], part);
  return result.data;
}

/** Paths of the strings in `value` that contain a NUL character. */
export function nulPaths(value: unknown, path: (string | number)[] = [], found: (string | number)[][] = []): (string | number)[][] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => nulPaths(v, [...path, i], found));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) nulPaths(v, [...path, k], found);
  }
  return found;
}

/**
 * A body must come as JSON (or, on a multipart endpoint, as multipart/form-data; on a form endpoint,
 * as application/x-www-form-urlencoded): anything else (text/plain, XML, ...) is 415, not a 422
 * about fields the parsers never read.
 */
export function requireBodyType(endpoint: Endpoint | undefined, req: Request): void {
  // No type named: nothing was parsed, and the schema says what is missing (422).
  if (req.headers['content-type'] === undefined) return;
  const allowed = ['application/json', 'application/*+json'];
  if (endpoint?.multipart) allowed.push('multipart/form-data');
  if (endpoint?.form) allowed.push('application/x-www-form-urlencoded');
  // null: an empty body (the schema decides); false: a body of another type.
  if (req.is(allowed) === false) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
}

const inputDecorator = (part: Part) =>
  createParamDecorator((_data: unknown, ctx: ExecutionContext): unknown => {
    const endpoint = Reflect.getMetadata(ENDPOINT_KEY, ctx.getHandler()) as Endpoint | undefined;
    const req = ctx.switchToHttp().getRequest<Request>();
    if (part === 'body') requireBodyType(endpoint, req);
    return parseInput(endpoint, part, req[part]);
  });

/** Path parameters parsed with the descriptor's `params` schema. */
export const Params = inputDecorator('params');
/** Query string parsed with the descriptor's `query` schema. */
export const Query = inputDecorator('query');
/** Body parsed with the descriptor's `body` schema (unknown fields follow the schema's rule). */
export const Body = inputDecorator('body');
