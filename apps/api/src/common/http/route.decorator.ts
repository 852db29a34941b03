import { applyDecorators, HttpCode, RequestMapping, RequestMethod, SetMetadata } from '@nestjs/common';
import { type Endpoint } from '@legenett/contracts';
import { RequireAccess } from '../auth/access.decorator';
import { openApiDecorators } from './endpoint-openapi';

export const ENDPOINT_KEY = 'legenett:endpoint';

/** The success status of a descriptor: its own, else 204 without a body, else 200. */
export const successStatus = (endpoint: Endpoint): number => endpoint.status ?? (endpoint.response ? 200 : 204);

/**
 * Binds a handler to a contract descriptor: HTTP method and path (under the global `/api` prefix),
 * success status, access level (read by AccessGuard), and the OpenAPI operation built from the
 * descriptor's zod schemas. Inputs are read with `@Params()`, `@Query()` and `@Body()` from
 * ./inputs, which validate against the same descriptor.
 */
export function Route(endpoint: Endpoint): MethodDecorator {
  const status = successStatus(endpoint);
  return applyDecorators(
    RequestMapping({ path: endpoint.path, method: RequestMethod[endpoint.method] }),
    HttpCode(status),
    SetMetadata(ENDPOINT_KEY, endpoint),
    RequireAccess(endpoint.access),
    ...openApiDecorators(endpoint, status),
  );
}
