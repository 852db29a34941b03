import { Injectable } from '@nestjs/common';
import { type MediaKind } from '@legenett/contracts';
import { type AppConfig, InjectConfig } from '../../config';
import { SignedLinks } from '../../common/security/signed-links';

export const MEDIA_PARTS = ['file', 'poster', 'captions'] as const;
export type MediaPart = (typeof MEDIA_PARTS)[number];

/** The cookie that proves who fetches a signed URL (media elements send cookies, not bearer headers). */
export const MEDIA_COOKIE = 'lg_media';
export const MEDIA_STREAM_PATH = '/api/media/stream';
const COOKIE_RESOURCE = 'media/binding-cookie';

export interface SignedTarget {
  kind: MediaKind;
  id: number;
  part: MediaPart;
}

export type Verdict = { ok: true; userId: number } | { ok: false; reason: 'bad' | 'expired' | 'other_user' };

const resourceOf = (t: SignedTarget) => `media/${t.kind}/${t.id}/${t.part}`;

/**
 * Short-lived media URLs bound to one user (docs/media.md), made with `SignedLinks` (the one way to
 * sign addresses): the URL names the user, and its signature covers the target, the expiry and that
 * user; the `lg_media` cookie (httpOnly, this path only) is a signed link of the same user. A URL
 * works only until it expires and only with the cookie of the same user.
 */
@Injectable()
export class MediaUrls {
  readonly ttlSeconds: number;
  private readonly secureCookie: boolean;

  constructor(
    private readonly links: SignedLinks,
    @InjectConfig() config: AppConfig,
  ) {
    this.ttlSeconds = config.media.urlTtlSeconds;
    // As the refresh cookie: Secure outside development (browsers accept it on http://localhost).
    this.secureCookie = config.env !== 'development';
  }

  /** When URLs signed now stop working (seconds since the epoch; rounded up as `SignedLinks` does). */
  expiry(now = Date.now()): number {
    return this.links.sign(COOKIE_RESOURCE, { ttlSeconds: this.ttlSeconds }, now).expires;
  }

  sign(target: SignedTarget, userId: number, now = Date.now()): string {
    const { expires, signature } = this.links.sign(resourceOf(target), { ttlSeconds: this.ttlSeconds, subject: userId }, now);
    return `${MEDIA_STREAM_PATH}/${target.kind}/${target.id}/${target.part}?u=${userId}&expires=${expires}&signature=${signature}`;
  }

  /** `Set-Cookie` value binding the URLs to `userId`; lives as long as the URLs. */
  cookie(userId: number, now = Date.now()): string {
    const { expires, signature } = this.links.sign(COOKIE_RESOURCE, { ttlSeconds: this.ttlSeconds, subject: userId }, now);
    const maxAge = Math.max(0, expires - Math.floor(now / 1000));
    return `${MEDIA_COOKIE}=${userId}.${expires}.${signature}; Path=${MEDIA_STREAM_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${this.secureCookie ? '; Secure' : ''}`;
  }

  verify(target: SignedTarget, query: { u?: unknown; expires?: unknown; signature?: unknown }, cookie: string | undefined, now = Date.now()): Verdict {
    const { u } = query;
    if (typeof u !== 'string' || !/^\d{1,10}$/.test(u)) return { ok: false, reason: 'bad' };
    const check = this.links.check(resourceOf(target), query.expires, query.signature, Number(u), now);
    if (check === 'invalid') return { ok: false, reason: 'bad' };
    if (check === 'expired') return { ok: false, reason: 'expired' };
    const [cu, ce, cs] = (cookie ?? '').split('.');
    if (!cu || !/^\d{1,10}$/.test(cu) || cu !== u) return { ok: false, reason: 'other_user' };
    if (this.links.check(COOKIE_RESOURCE, ce, cs, Number(cu), now) !== 'valid') return { ok: false, reason: 'other_user' };
    return { ok: true, userId: Number(u) };
  }
}
