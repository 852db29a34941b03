import { webRoutes } from '@legenett/contracts';
import { type RouteObject } from 'react-router-dom';
import { pageRoutes } from './router';

/** Every path of the route table, children joined to their parents. */
function routedPaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const own = route.index ? parent || '/' : route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    return [...(route.index || route.path !== undefined ? [own] : []), ...routedPaths(route.children ?? [], own)];
  });
}

describe('the route table', () => {
  it("routes every path of the contracts' webRoutes, which the API's e-mail links are checked against", () => {
    const routed = new Set(routedPaths(pageRoutes));
    const missing = Object.entries(webRoutes).filter(([, pattern]) => !routed.has(pattern));
    expect(missing).toEqual([]);
    // The walk found the table (not an empty set that nothing could be missing from).
    expect(routed.size).toBeGreaterThanOrEqual(Object.keys(webRoutes).length);
  });
});
