import { HealthSchema, LivenessSchema, ReadinessSchema, referenceEndpoints, systemEndpoints } from '@legenett/contracts';
import { HttpDrain } from '../../common/http/http-drain';
import { createTestApp, type TestApp } from '../../../test/app';

describe('system endpoints', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it('/api/health answers 200 with the database up', async () => {
    const res = await t.http.get('/api/health');
    expect(res.status).toBe(200);
    const health = HealthSchema.parse(res.body);
    expect(health).toEqual({ status: 'ok', checks: { database: { status: 'up', latency_ms: expect.any(Number) } }, maintenance: false });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/api/health/ready and /api/health/live answer 200 to anyone, with the role, never cached', async () => {
    const ready = await t.call(systemEndpoints.ready, {});
    expect(ready.status).toBe(200);
    expect(ReadinessSchema.parse(ready.body)).toEqual({ ready: true, role: 'all' });
    const live = await t.call(systemEndpoints.live, {});
    expect(live.status).toBe(200);
    expect(LivenessSchema.parse(live.body)).toEqual({ status: 'ok', role: 'all' });
    expect((await t.http.get('/api/health/ready')).headers['cache-control']).toBe('no-store');
  });

  it('/api/health/ready answers 503 draining once the process stops, while /live still answers', async () => {
    const drain = t.app.get(HttpDrain);
    (drain as unknown as { draining: boolean }).draining = true;
    try {
      const res = await t.http.get('/api/health/ready');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ ready: false, role: 'all', reason: 'draining' });
      expect((await t.http.get('/api/health/live')).status).toBe(200);
    } finally {
      (drain as unknown as { draining: boolean }).draining = false;
    }
  });

  it('/api/metrics exposes default and HTTP duration metrics by route pattern', async () => {
    await t.http.get('/api/counties');
    await t.http.get('/api/nope-nothing-here');
    const res = await t.http.get('/api/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toContain('process_cpu_user_seconds_total');
    expect(res.text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/counties",status_code="200"\} \d+/);
    expect(res.text).toMatch(/http_request_duration_seconds_count\{method="GET",route="<unmatched>",status_code="404"\} \d+/);
    expect(res.text).not.toContain('nope-nothing-here');
  });

  it('/api/docs-json is the OpenAPI document built from the contracts', async () => {
    const res = await t.http.get('/api/docs-json');
    expect(res.status).toBe(200);
    const doc = res.body as { openapi: string; paths: Record<string, Record<string, { summary?: string }>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const endpoint of Object.values(referenceEndpoints)) {
      const path = `/api${endpoint.path.replace(/:(\w+)/g, '{$1}')}`;
      expect(doc.paths[path]?.get?.summary).toBe(endpoint.summary);
    }
    expect(doc.paths['/api/health']?.get).toBeDefined();
    const limit = JSON.stringify(doc.paths['/api/counties']);
    expect(limit).toContain('"name":"limit"');
    const ui = await t.http.get('/api/docs');
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger');
  });

  it('echoes a sane X-Request-Id and replaces an unsafe one', async () => {
    const kept = await t.http.get('/api/health').set('X-Request-Id', 'abc-123-def-456');
    expect(kept.headers['x-request-id']).toBe('abc-123-def-456');
    const replaced = await t.http.get('/api/health').set('X-Request-Id', 'evil\tid <script>');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const generated = await t.http.get('/api/health');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sets security headers and no CORS headers by default', async () => {
    const res = await t.http.get('/api/health').set('Origin', 'https://evil.example');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('health when a dependency is down', () => {
  it('answers 503 with the database down', async () => {
    const t = await createTestApp({ env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere' } });
    try {
      const res = await t.http.get('/api/health');
      expect(res.status).toBe(503);
      expect(HealthSchema.parse(res.body)).toMatchObject({ status: 'error', checks: { database: { status: 'down' } } });
      // Not ready (a proxy sends nothing here), but alive (no restart: the database is the problem).
      const ready = await t.http.get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ ready: false, role: 'all', reason: 'database' });
      expect((await t.http.get('/api/health/live')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('checks Redis when configured: up, and still 200 (degraded) when it does not answer', async () => {
    const up = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:6379' } });
    try {
      const res = await up.http.get('/api/health');
      expect(res.status).toBe(200);
      expect(res.body.checks.redis).toEqual({ status: 'up', latency_ms: expect.any(Number) });
    } finally {
      await up.close();
    }
    const down = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const res = await down.http.get('/api/health');
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('degraded');
      expect(res.body.checks).toMatchObject({ database: { status: 'up' }, redis: { status: 'down' } });
      // Redis away is no reason to take the replica out of the balancer.
      expect((await down.http.get('/api/health/ready')).status).toBe(200);
    } finally {
      await down.close();
    }
  });
});
