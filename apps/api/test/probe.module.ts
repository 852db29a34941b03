import { Controller, ForbiddenException, Module } from '@nestjs/common';
import { defineEndpoint } from '@legenett/contracts';
import { z } from 'zod';
import { Body, type BodyOf, Query, type QueryOf, Route } from '../src/common/http';
import { currentLocale, currentRequestContext } from '../src/common/context/request-context';
import { AppError } from '../src/common/errors/app-error';

/** Test-only endpoints that make every error shape happen on demand. */
export const probeEndpoints = {
  echo: defineEndpoint({
    method: 'POST',
    path: '/__probe/echo',
    summary: 'Echo a validated body',
    access: 'public',
    body: z.strictObject({
      name: z.string().min(2).max(5),
      email: z.email(),
      age: z.number().int().min(18),
      tags: z.array(z.string()).max(2).optional(),
      nested: z.object({ when: z.iso.date() }).optional(),
    }),
    query: z.object({ dry: z.enum(['yes', 'no']).default('no') }),
    response: z.object({ data: z.object({ name: z.string(), dry: z.string() }) }),
    status: 201,
  }),
  boom: defineEndpoint({ method: 'GET', path: '/__probe/boom', summary: 'A bug', access: 'public', response: null }),
  forbidden: defineEndpoint({ method: 'GET', path: '/__probe/forbidden', summary: '403', access: 'public', response: null }),
  nestForbidden: defineEndpoint({ method: 'GET', path: '/__probe/nest-forbidden', summary: '403', access: 'public', response: null }),
  conflict: defineEndpoint({ method: 'GET', path: '/__probe/conflict', summary: '409', access: 'public', response: null }),
  throttled: defineEndpoint({ method: 'GET', path: '/__probe/throttled', summary: '429', access: 'public', response: null }),
  tooLarge: defineEndpoint({ method: 'GET', path: '/__probe/too-large', summary: '413', access: 'public', response: null }),
  unavailable: defineEndpoint({ method: 'GET', path: '/__probe/unavailable', summary: '503', access: 'public', response: null }),
  context: defineEndpoint({ method: 'GET', path: '/__probe/context', summary: 'Request context', access: 'public', response: z.object({ locale: z.string(), request_id: z.string() }) }),
  members: defineEndpoint({ method: 'GET', path: '/__probe/members', summary: 'Members only', access: 'member', response: null }),
};

@Controller()
class ProbeController {
  @Route(probeEndpoints.echo)
  echo(@Body() body: BodyOf<typeof probeEndpoints.echo>, @Query() query: QueryOf<typeof probeEndpoints.echo>) {
    return { data: { name: body.name, dry: query.dry } };
  }

  @Route(probeEndpoints.boom)
  boom(): never {
    throw new Error('secret internal detail: password=hunter2');
  }

  @Route(probeEndpoints.forbidden)
  forbidden(): never {
    throw AppError.forbidden('not_owner');
  }

  @Route(probeEndpoints.nestForbidden)
  nestForbidden(): never {
    throw new ForbiddenException('framework message that must not leak');
  }

  @Route(probeEndpoints.conflict)
  conflict(): never {
    throw new AppError('CONFLICT');
  }

  @Route(probeEndpoints.throttled)
  throttled(): never {
    throw new AppError('TOO_MANY_REQUESTS', { retryAfter: 42 });
  }

  @Route(probeEndpoints.tooLarge)
  tooLarge(): never {
    throw new AppError('PAYLOAD_TOO_LARGE');
  }

  @Route(probeEndpoints.unavailable)
  unavailable(): never {
    throw new AppError('UNAVAILABLE');
  }

  /** What code far from the controller sees (after body parsing and an await). */
  @Route(probeEndpoints.context)
  async context() {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const ctx = currentRequestContext();
    return { locale: currentLocale(), request_id: ctx?.requestId ?? 'none' };
  }

  @Route(probeEndpoints.members)
  members(): void {}
}

@Module({ controllers: [ProbeController] })
export class ProbeModule {}
