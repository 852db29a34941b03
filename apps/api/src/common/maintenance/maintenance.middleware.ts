import { type NextFunction, type Request, type Response } from 'express';
import { AppError } from '../errors/app-error';
import { type MaintenanceService } from './maintenance.service';

/** What stays reachable in maintenance: monitoring must see the truth. */
const ALWAYS_OPEN = new Set(['/api/health', '/api/metrics']);

/**
 * Every other /api request answers 503 `errors.maintenance` with `Retry-After`
 * (MAINTENANCE_RETRY_AFTER_SECONDS) while maintenance is on.
 */
export function maintenanceMiddleware(maintenance: MaintenanceService) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const p = req.path.replace(/\/+$/, '');
    if (!(p === '/api' || p.startsWith('/api/')) || ALWAYS_OPEN.has(p)) return next();
    maintenance.isOn().then(
      (on) => next(on ? new AppError('MAINTENANCE', { retryAfter: maintenance.retryAfterSeconds }) : undefined),
      (err: unknown) => next(err),
    );
  };
}
