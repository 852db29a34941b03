import { type NestExpressApplication } from '@nestjs/platform-express';
import { type NextFunction, type Request, type Response, Router } from 'express';

/**
 * The route table, indexed by the path's first segment after `/api` (docs/performance/api-overhead.md,
 * "The route index"). Express tries its layers in order and tests each route's pattern until one
 * matches: with ~290 routes, `POST /api/petitions/:id/signatures` (route 284) was matched after 268
 * failed patterns, on every call, ~8 % of the API's CPU in the signing burst. Here the routes, in
 * their order, move into one small router per first segment (`petitions`, `jobs`, ...), and one layer
 * in their place picks the router by the request's first segment. A path only ever matched routes of
 * its own first segment, so nothing answers differently; within a segment the order is the same.
 *
 * Only routes whose pattern is a string with a plain first segment are indexed: a parameter or a
 * wildcard there (or a middleware) could match paths of several segments, so such layers, and all
 * before them, keep their places and their order.
 */
interface RouteLayer {
  route?: { path: unknown };
}

const PLAIN_SEGMENT = /^[A-Za-z0-9._~-]+$/;

/** The first segment after the prefix of a route's pattern (`/api/petitions/:id` -> `petitions`), or null. */
export function firstSegmentOfPattern(pattern: unknown, prefix: string): string | null {
  if (typeof pattern !== 'string' || !pattern.startsWith(`${prefix}/`)) return null;
  const segment = pattern.slice(prefix.length + 1).split('/')[0]!;
  return PLAIN_SEGMENT.test(segment) ? segment.toLowerCase() : null;
}

/**
 * Indexes the app's routes: the longest run of routes with plain first segments that ends with the
 * last route (before it stay Swagger's pages and the middleware Nest registers as routes for every
 * path, `/api$` and `/api/{*splat}`, which must keep running first). Returns how many routes and
 * segment routers, or why it left the table alone.
 */
export function indexRoutes(app: NestExpressApplication, prefix: string): { routes: number; routers: number } | { skipped: string } {
  const stack = (app.getHttpAdapter().getInstance() as { router: { stack: RouteLayer[] } }).router.stack;
  let last = stack.length - 1;
  while (last >= 0 && !stack[last]!.route) last -= 1;
  let first = last;
  while (first > 0 && stack[first - 1]!.route && firstSegmentOfPattern(stack[first - 1]!.route!.path, prefix) !== null) first -= 1;
  if (last < 0 || firstSegmentOfPattern(stack[last]!.route!.path, prefix) === null) return { skipped: 'no route with a plain first segment at the end of the table' };
  const routes = stack.slice(first, last + 1);
  const bySegment = new Map<string, RouteLayer[]>();
  for (const layer of routes) {
    const segment = firstSegmentOfPattern(layer.route!.path, prefix)!;
    const list = bySegment.get(segment) ?? [];
    list.push(layer);
    bySegment.set(segment, list);
  }
  const routers = new Map<string, Router>();
  for (const [segment, layers] of bySegment) {
    // Express matches paths case-insensitively by default: so does the index (segments are lower case).
    const router = Router();
    (router as unknown as { stack: RouteLayer[] }).stack.push(...layers);
    routers.set(segment, router);
  }
  const start = prefix.length + 1;
  const dispatch = (req: Request, res: Response, next: NextFunction): void => {
    const path = req.path;
    if (!path.startsWith('/') || path.slice(0, start).toLowerCase() !== `${prefix}/`) return next();
    const end = path.indexOf('/', start);
    const router = routers.get(path.slice(start, end < 0 ? undefined : end).toLowerCase());
    if (!router) return next();
    router(req, res, next);
  };
  // A layer made the way Express makes one for `use`, then put where the routes were.
  const holder = Router();
  holder.use(dispatch);
  stack.splice(first, routes.length, ...(holder as unknown as { stack: RouteLayer[] }).stack);
  return { routes: routes.length, routers: routers.size };
}
