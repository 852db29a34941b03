import { Injectable } from '@nestjs/common';
import { type Request } from 'express';
import { AppError } from '../errors/app-error';
import { type RateLimitRule } from './rate-limit.rule';
import { type HitResult, RateLimitStore } from './rate-limit.store';

/** The account a request speaks for: the caller, else the body's e-mail address. */
function accountOf(req: Request): string | null {
  if (req.principal) return `user:${req.principal.userId}`;
  const body: unknown = req.body;
  if (typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string') {
    const email = body.email.trim().toLowerCase().slice(0, 254);
    if (email) return `email:${email}`;
  }
  return null;
}

/** Rate limits for guards (`@RateLimit`) and for services that count by something only they know. */
@Injectable()
export class RateLimitService {
  constructor(private readonly store: RateLimitStore) {}

  static keyOf(rule: RateLimitRule, req: Request): string {
    const ip = `ip:${req.ip ?? req.socket.remoteAddress ?? 'unknown'}`;
    const account = accountOf(req);
    if (rule.by === 'ip') return ip;
    if (rule.by === 'account') return account ?? ip;
    return account ? `${ip}|${account}` : ip;
  }

  /** Counts one hit on `subject` (e.g. `user:12`); throws the 429 when over the limit. */
  async consume(rule: Pick<RateLimitRule, 'name' | 'limit' | 'windowSeconds'>, subject: string): Promise<void> {
    const { count, resetIn } = await this.store.hit(`${rule.name}:${subject}`, rule.windowSeconds);
    if (count > rule.limit) throw new AppError('TOO_MANY_REQUESTS', { retryAfter: resetIn });
  }

  /**
   * For a limit that depends on what the request turns out to be, which only the service knows (a
   * conversation that is new, not one that exists; the account behind a two-factor challenge): one
   * hit on the account's own counter, the key `@RateLimit({ by: 'account' })` uses. Every other limit
   * is `@RateLimit` on the handler (a lint rule refuses `consume` in a module; docs/security.md).
   */
  consumeForAccount(rule: Pick<RateLimitRule, 'name' | 'limit' | 'windowSeconds'>, userId: number): Promise<void> {
    return this.consume(rule, `user:${userId}`);
  }

  /** Counts one hit on `subject` without refusing anything (failure counters). */
  count(rule: Pick<RateLimitRule, 'name' | 'windowSeconds'>, subject: string): Promise<HitResult> {
    return this.store.hit(`${rule.name}:${subject}`, rule.windowSeconds);
  }

  /** The hits on `subject` in the current window, without counting one. */
  peek(rule: Pick<RateLimitRule, 'name'>, subject: string): Promise<HitResult | null> {
    return this.store.peek(`${rule.name}:${subject}`);
  }

  async reset(rule: Pick<RateLimitRule, 'name'>, subject: string): Promise<void> {
    await this.store.reset(`${rule.name}:${subject}`);
  }
}
