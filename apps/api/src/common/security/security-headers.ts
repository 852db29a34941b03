import { type NextFunction, type Request, type Response } from 'express';

/**
 * The SPA's policy: everything from our own origin; inline styles (Mantine injects them); images
 * and media also from https (avatars on storage, video thumbnails); frames from https (webinar and
 * video embed codes are third-party players).
 */
const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  'frame-src https:',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Security headers without extra dependencies (what helmet would set for this app). */
export function securityHeaders(options: { hsts: boolean }) {
  return (_req: Request, res: Response, next: NextFunction): void => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Content-Security-Policy', APP_CSP);
    if (options.hsts) res.setHeader('Strict-Transport-Security', 'max-age=15552000; includeSubDomains');
    res.removeHeader('X-Powered-By');
    next();
  };
}
