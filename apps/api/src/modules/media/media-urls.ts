import { createHmac, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type MediaKind } from '@legenett/contracts';
import { type AppConfig, InjectConfig } from '../../config';

export const MEDIA_PARTS = ['file', 'poster', 'captions'] as const;
export type MediaPart = (typeof MEDIA_PARTS)[number];

/** The cookie that proves who fetches a signed URL (media elements send cookies, not bearer headers). */
export const MEDIA_COOKIE = 'lg_media';
export const MEDIA_STREAM_PATH = '/api/media/stream';

export interface SignedTarget {
  kind: MediaKind;
  id: number;
  part: MediaPart;
}

export type Verdict = { ok: true; userId: number } | { ok: false; reason: 'bad' | 'expired' | 'other_user' };

/**
 * Short-lived media URLs bound to one user (docs/media.md): the URL carries the user and expiry and
 * an HMAC of both and the target; the `lg_media` cookie (httpOnly, this path only) carries the user
 * and an HMAC of it. A URL works only until it expires and only with the cookie of the same user.
 */
@Injectable()
export class MediaUrls {
  private readonly key: string;
  readonly ttlSeconds: number;
  private readonly secureCookie: boolean;

  constructor(@InjectConfig() config: AppConfig) {
    this.key = config.media.urlKey;
    this.ttlSeconds = config.media.urlTtlSeconds;
    // As the refresh cookie: Secure outside development (browsers accept it on http://localhost).
    this.secureCookie = config.env !== 'development';
  }

  private mac(text: string): string {
    return createHmac('sha256', this.key).update(text).digest('base64url');
  }

  private static same(a: string, b: string): boolean {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  }

  /** When URLs signed now stop working (seconds since the epoch). */
  expiry(now = Date.now()): number {
    return Math.floor(now / 1000) + this.ttlSeconds;
  }

  sign(target: SignedTarget, userId: number, expires: number): string {
    const sig = this.mac(`${target.kind}:${target.id}:${target.part}:${userId}:${expires}`);
    return `${MEDIA_STREAM_PATH}/${target.kind}/${target.id}/${target.part}?u=${userId}&e=${expires}&s=${sig}`;
  }

  /** `Set-Cookie` value binding the URLs to `userId`; lives as long as the URLs. */
  cookie(userId: number, expires: number): string {
    const value = `${userId}.${expires}.${this.mac(`cookie:${userId}:${expires}`)}`;
    const maxAge = Math.max(0, expires - Math.floor(Date.now() / 1000));
    return `${MEDIA_COOKIE}=${value}; Path=${MEDIA_STREAM_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${this.secureCookie ? '; Secure' : ''}`;
  }

  verify(
    target: SignedTarget,
    query: { u?: unknown; e?: unknown; s?: unknown },
    cookie: string | undefined,
    now = Date.now(),
  ): Verdict {
    const { u, e, s } = query;
    if (typeof u !== 'string' || typeof e !== 'string' || typeof s !== 'string') return { ok: false, reason: 'bad' };
    if (!/^\d{1,10}$/.test(u) || !/^\d{1,12}$/.test(e)) return { ok: false, reason: 'bad' };
    if (!MediaUrls.same(s, this.mac(`${target.kind}:${target.id}:${target.part}:${u}:${e}`))) return { ok: false, reason: 'bad' };
    if (Number(e) * 1000 < now) return { ok: false, reason: 'expired' };
    const [cu, ce, cs] = (cookie ?? '').split('.');
    if (!cu || !ce || !cs || !MediaUrls.same(cs, this.mac(`cookie:${cu}:${ce}`)) || Number(ce) * 1000 < now) {
      return { ok: false, reason: 'other_user' };
    }
    if (cu !== u) return { ok: false, reason: 'other_user' };
    return { ok: true, userId: Number(u) };
  }
}
