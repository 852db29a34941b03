import { type NextFunction, type Request, type Response } from 'express';

/**
 * The SPA's policy: everything from our own origin; inline styles (Mantine injects them); images
 * and media also from https (avatars on storage, video thumbnails); frames from https (webinar and
 * video embed codes are third-party players). Scripts only from our origin, plus the inline scripts
 * whose hashes a page names (the SPA's page inlines its small boot script: common/spa/page-html.ts).
 */
export function appCsp(scriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(' '),
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
}
const APP_CSP = appCsp();

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
