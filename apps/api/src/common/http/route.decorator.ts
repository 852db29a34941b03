import { applyDecorators, HttpCode, RequestMapping, RequestMethod, SetMetadata, type StreamableFile } from '@nestjs/common';
import { type Endpoint } from '@legenett/contracts';
import { type z } from 'zod';
import { RequireAccess } from '../auth/access.decorator';
import { openApiDecorators } from './endpoint-openapi';

export const ENDPOINT_KEY = 'legenett:endpoint';

/** The success status of a descriptor: its own, else 204 without a body, else 200. */
export const successStatus = (endpoint: Endpoint): number => endpoint.status ?? (endpoint.response ? 200 : 204);

/**
 * What a handler of `E` returns (or resolves to): the input side of the descriptor's response
 * schema (what the schema accepts, e.g. before defaults), so a wrong shape fails `tsc` in the API
 * instead of a parse in the browser. A descriptor without a response schema has no JSON body:
 * the handler returns nothing (204, or it writes the answer itself through `@Res()`, as a
 * server-sent event stream does) or a `StreamableFile` for a download that Nest streams.
 */
export type ResponseOf<E extends Endpoint> = E['response'] extends z.ZodType ? z.input<E['response']> : void | StreamableFile;

/** A handler method of `E`, whatever its parameters (those are checked by `@Params`/`@Query`/`@Body`). */
export type HandlerOf<E extends Endpoint> = (...args: never[]) => ResponseOf<E> | Promise<ResponseOf<E>>;

/** The decorator `Route(endpoint)` returns: it only fits a method whose result matches `ResponseOf<E>`. */
export type RouteDecorator<E extends Endpoint> = <H extends HandlerOf<E>>(
  target: object,
  key: string | symbol,
  descriptor: TypedPropertyDescriptor<H>,
) => void;

/**
 * Binds a handler to a contract descriptor: HTTP method and path (under the global `/api` prefix),
 * success status, access level (read by AccessGuard), and the OpenAPI operation built from the
 * descriptor's zod schemas. Inputs are read with `@Params()`, `@Query()` and `@Body()` from
 * ./inputs, which validate against the same descriptor; the handler's result is typed by
 * `ResponseOf<E>` (docs/decisions/0006-route-and-input-decorators.md).
 */
export function Route<const E extends Endpoint>(endpoint: E): RouteDecorator<E> {
  const status = successStatus(endpoint);
  const decorator = applyDecorators(
    RequestMapping({ path: endpoint.path, method: RequestMethod[endpoint.method] }),
    HttpCode(status),
    SetMetadata(ENDPOINT_KEY, endpoint),
    RequireAccess(endpoint.access),
    ...openApiDecorators(endpoint, status),
  );
  return (target, key, descriptor) => {
    decorator(target, key, descriptor);
  };
}
