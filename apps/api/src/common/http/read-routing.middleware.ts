import { type NextFunction, type Request, type Response } from 'express';
import { type AppConfig } from '../../config';
import { READ_YOUR_WRITES_COOKIE, type ReadRoute, withReadRoute } from '../../database/replicas';
import { readCookie } from './cookies';

/** Paths whose reads always go to the primary: the event stream reads right after a change is announced. */
const PRIMARY_ONLY_PATHS = new Set(['/api/user-notifications/stream']);

/** Express middleware deciding where the reads of this call go; a no-op without replicas. */
export function readRoutingMiddleware(config: AppConfig): (req: Request, res: Response, next: NextFunction) => void {
  if (config.replicas.urls.length === 0) return (_req, _res, next) => next();
  const windowMs = config.replicas.readYourWritesMs;
  const secure = config.env !== 'development' ? '; Secure' : '';
  return (req, res, next) => {
    let route: ReadRoute;
    if (req.method === 'GET' || req.method === 'HEAD') {
      const until = Number(readCookie(req, READ_YOUR_WRITES_COOKIE));
      if (PRIMARY_ONLY_PATHS.has(req.path)) route = { replica: false, reason: 'primary_only' };
      else if (Number.isFinite(until) && until > Date.now()) route = { replica: false, reason: 'recent_write' };
      else route = { replica: true };
    } else {
      if (req.method !== 'OPTIONS' && windowMs > 0) {
        const until = Date.now() + windowMs;
        res.append('Set-Cookie', `${READ_YOUR_WRITES_COOKIE}=${until}; Path=/api; Max-Age=${Math.ceil(windowMs / 1000)}; HttpOnly; SameSite=Lax${secure}`);
      }
      route = { replica: false, reason: 'write' };
    }
    withReadRoute(route, next);
  };
}
