/** What a limit counts by: the client address, the account, or each pair of both. */
export type RateLimitBy = 'ip' | 'account' | 'ip+account';

export interface RateLimitRule {
  /** Names the counter (`login`, `forgot-password`); rules with the same name share it. */
  name: string;
  /** Requests allowed per window; the next one answers 429 with `Retry-After`. */
  limit: number;
  windowSeconds: number;
  /**
   * `account` is the logged-in caller, else the `email` of the body (login, forgot password),
   * else the client address.
   */
  by: RateLimitBy;
}

export const RATE_LIMIT_KEY = 'legenett:rate-limit';
