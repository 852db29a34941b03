import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Request } from 'express';
import { RATE_LIMIT_KEY, type RateLimitRule } from './rate-limit.rule';
import { RateLimitService } from './rate-limit.service';

/** Counts the request against each rule of `@RateLimit`; over a limit answers 429 with Retry-After. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimitService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rules = this.reflector.get<RateLimitRule[] | undefined>(RATE_LIMIT_KEY, context.getHandler());
    if (!rules?.length) return true;
    const req = context.switchToHttp().getRequest<Request>();
    for (const rule of rules) {
      await this.limits.consume(rule, RateLimitService.keyOf(rule, req));
    }
    return true;
  }
}
