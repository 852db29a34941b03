import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { type Request } from 'express';
import { AppError } from '../errors/app-error';
import { type Principal } from './principal';

/** The authenticated caller of a non-public route: `me(@CurrentPrincipal() principal: Principal)`. */
export const CurrentPrincipal = createParamDecorator((_data: unknown, ctx: ExecutionContext): Principal => {
  const principal = ctx.switchToHttp().getRequest<Request>().principal;
  if (!principal) throw new AppError('UNAUTHENTICATED');
  return principal;
});

/** The caller when there is one (public routes attach a valid token's caller too). */
export const OptionalPrincipal = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): Principal | null => ctx.switchToHttp().getRequest<Request>().principal ?? null,
);
