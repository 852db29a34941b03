import path from 'node:path';
import { createTestApp, type TestApp } from '../../../test/app';

describe('serving the SPA', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it('serves index.html (not cached) for history-mode paths like /jobs/123', async () => {
    for (const p of ['/', '/jobs/123', '/profile/kari-nordmann', '/error-404']) {
      const res = await t.http.get(p).set('Accept', 'text/html');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toContain('Legenett SPA');
    }
  });

  it('serves hashed assets with a long cache and other files without', async () => {
    const asset = await t.http.get('/assets/index-AbCdEf12.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await t.http.get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with 404, not the app', async () => {
    const res = await t.http.get('/assets/gone-12345678.js');
    expect(res.status).toBe(404);
  });

  it('keeps /api paths to the API: JSON 404 for /api/nope', async () => {
    const res = await t.http.get('/api/nope').set('Accept', 'text/html');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body.status_code).toBe(404);
  });

  it('does not serve files from outside the build', async () => {
    const res = await t.http.get(`/${path.join('..', '..', 'etc', 'passwd')}`);
    expect(res.text).not.toContain('root:');
  });
});

describe('without a SPA build', () => {
  it('answers non-API paths with a JSON 404', async () => {
    const t = await createTestApp({ env: { WEB_DIST_DIR: '/nonexistent/legenett-web' } });
    try {
      const res = await t.http.get('/jobs/123');
      expect(res.status).toBe(404);
      expect((await t.http.get('/api/health')).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
