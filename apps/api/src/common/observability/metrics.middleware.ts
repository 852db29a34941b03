import { type NextFunction, type Request, type Response } from 'express';
import { type MetricsService } from './metrics.service';

/**
 * Times every request. The label is the matched route pattern (`/api/cities/:id/county`), never
 * the raw URL, so the number of series stays bounded.
 */
export function metricsMiddleware(metrics: MetricsService) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const stop = metrics.httpDuration.startTimer();
    res.once('finish', () => {
      const pattern: unknown = (req.route as { path?: unknown } | undefined)?.path;
      let route: string;
      // Nest answers unknown routes from a catch-all (`/api/{*splat}`): that is "no route".
      if (typeof pattern === 'string' && !pattern.includes('*')) route = pattern;
      else if (req.path.startsWith('/api/docs')) route = '/api/docs';
      else if (req.path === '/api' || req.path.startsWith('/api/')) route = '<unmatched>';
      else route = '<spa>';
      stop({ method: req.method, route, status_code: String(res.statusCode) });
    });
    next();
  };
}
