import { createTestApp, type TestApp } from '../../../test/app';
import { firstSegmentOfPattern } from './route-index';

/**
 * The route index (route-index.ts): the app's routes sit in one router per first segment, and a
 * path finds the same route as before, whatever its case, its trailing slash or its method.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Layer {
  route?: { path: unknown };
}

it('replaces the ~280 route layers after the catch-all middleware by one that picks a small router by the first segment', () => {
  const stack = (t.app.getHttpAdapter().getInstance() as { router: { stack: Layer[] } }).router.stack;
  const routes = stack.filter((layer) => layer.route).map((layer) => String(layer.route!.path));
  // Only Swagger's pages and the middleware Nest registers as routes for every path are left.
  expect(routes.every((path) => path.startsWith('/api/docs') || path === '/api$' || path === '/api/{*splat}')).toBe(true);
  expect(stack.length).toBeLessThan(40);
  const dispatcher = stack.at(-3)!;
  expect(dispatcher.route).toBeUndefined();
});

it('answers as before: late routes, parameters, case, trailing slash, methods, unknown paths', async () => {
  const me = await t.session();
  // A route near the end of the table, with a parameter.
  const missing = await t.http.post('/api/petitions/999999999/signatures').set('Authorization', `Bearer ${me.accessToken}`).send({});
  expect(missing.status).toBe(404);
  expect(missing.body.message).toBeDefined();
  // Public lists; Express matches a route without regard to case and with a trailing slash, and so
  // does the index (`/API/...` never reaches the routes: the SPA's layer, before them, answers it).
  const counties = await t.http.get('/api/counties');
  expect(counties.status).toBe(200);
  expect(Array.isArray(counties.body.data)).toBe(true);
  for (const path of ['/api/COUNTIES', '/api/Counties/', '/api/counties/']) {
    const res = await t.http.get(path);
    expect([path, res.status, res.headers['content-type']]).toEqual([path, 200, expect.stringContaining('application/json')]);
    expect(res.body).toEqual(counties.body);
  }
  // HEAD is answered by the GET route.
  expect((await t.http.head('/api/counties')).status).toBe(200);
  // A static route before a parameter route of the same segment still wins (`/jobs/...` order).
  const other = await t.http.get('/api/petitions/mine').set('Authorization', `Bearer ${me.accessToken}`);
  expect(other.status).not.toBe(404);
  // A method the path has no route for, and a segment nobody serves: the API's 404 (JSON, localised).
  const wrongMethod = await t.http.delete('/api/counties').set('X-localization', 'en');
  expect(wrongMethod.status).toBe(404);
  expect(wrongMethod.body.message).toMatch(/not found/i);
  const nobody = await t.http.get('/api/no-such-thing/1').set('X-localization', 'en');
  expect(nobody.status).toBe(404);
  expect(nobody.body.message).toMatch(/not found/i);
  // Outside /api: the SPA still answers its pages.
  expect((await t.http.get('/feed')).status).toBe(200);
});

it('takes only plain first segments', () => {
  expect(firstSegmentOfPattern('/api/petitions/:id/signatures', '/api')).toBe('petitions');
  expect(firstSegmentOfPattern('/api/Jobs', '/api')).toBe('jobs');
  expect(firstSegmentOfPattern('/api/:slug', '/api')).toBeNull();
  expect(firstSegmentOfPattern('/api/*rest', '/api')).toBeNull();
  expect(firstSegmentOfPattern('/other/x', '/api')).toBeNull();
  expect(firstSegmentOfPattern(/api\/x/, '/api')).toBeNull();
});
