import { createHmac, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type AppConfig, InjectConfig } from '../../config';

export interface LinkSignature {
  /** Unix seconds after which the link stops working. */
  expires: number;
  signature: string;
}

export interface SignOptions {
  /** How long the link works at least; it works at most twice this (see `sign`). */
  ttlSeconds: number;
  /** Binds the link to one user: it verifies only for the same subject. */
  subject?: number | null;
}

export type LinkCheck = 'valid' | 'expired' | 'invalid';

/**
 * Short-lived signed links (HMAC-SHA256 with a key derived from JWT_SECRET): the one way to hand a
 * browser an address that works without a bearer header (`<img>`, `<video>`, a download link, a
 * beacon). A link names a resource (e.g. a storage key), an expiry and optionally the user it was
 * made for. Expiries are rounded up to a multiple of `ttlSeconds`, so the same resource gets the same
 * link for a while and browsers can cache what it points at.
 */
@Injectable()
export class SignedLinks {
  private readonly key: Buffer;

  constructor(@InjectConfig() config: AppConfig) {
    this.key = createHmac('sha256', config.jwtSecret).update('legenett/signed-links/v1').digest();
  }

  sign(resource: string, options: SignOptions, now = Date.now()): LinkSignature {
    const ttl = Math.max(1, Math.floor(options.ttlSeconds));
    const nowSeconds = Math.floor(now / 1000);
    const expires = (Math.floor(nowSeconds / ttl) + 2) * ttl;
    return { expires, signature: this.mac(resource, expires, options.subject ?? null) };
  }

  /** `valid`, `expired` (a genuine link past its time) or `invalid` (missing, altered, another user's). */
  check(resource: string, expires: unknown, signature: unknown, subject: number | null = null, now = Date.now()): LinkCheck {
    if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof signature !== 'string') return 'invalid';
    const expected = Buffer.from(this.mac(resource, Number(expires), subject));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return Number(expires) * 1000 <= now ? 'expired' : 'valid';
  }

  /** `path?expires=…&signature=…` (or `&` when the path already has a query). */
  url(path: string, resource: string, options: SignOptions, now = Date.now()): string {
    const { expires, signature } = this.sign(resource, options, now);
    return `${path}${path.includes('?') ? '&' : '?'}expires=${expires}&signature=${signature}`;
  }

  private mac(resource: string, expires: number, subject: number | null): string {
    return createHmac('sha256', this.key)
      .update(`${resource}\n${expires}\n${subject ?? ''}`)
      .digest('base64url');
  }
}
