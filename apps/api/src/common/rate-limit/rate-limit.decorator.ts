import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { RateLimitGuard } from './rate-limit.guard';
import { RATE_LIMIT_KEY, type RateLimitRule } from './rate-limit.rule';

/**
 * Limits a handler: `@RateLimit({ name: 'login', limit: 10, windowSeconds: 900, by: 'account' })`.
 * Pass several rules in one decorator to limit by IP and by account at once. Runs after the
 * AccessGuard, so `account` sees the authenticated caller.
 */
export const RateLimit = (...rules: [RateLimitRule, ...RateLimitRule[]]): MethodDecorator =>
  applyDecorators(SetMetadata(RATE_LIMIT_KEY, rules), UseGuards(RateLimitGuard));
