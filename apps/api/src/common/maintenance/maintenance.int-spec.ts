import { schema } from '@legenett/db';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { MAINTENANCE_SETTING } from './maintenance.repository';

const maintenanceBody = { status_code: 503, message: 'The service is under maintenance. Please try again shortly.' };

describe('MAINTENANCE_MODE=true', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { MAINTENANCE_MODE: 'true' } });
  });

  afterAll(async () => {
    await t.close();
  });

  it('answers 503 errors.maintenance on API routes, known or not', async () => {
    for (const path of ['/api/counties', '/api/frontend-settings', '/api/nope', '/api']) {
      const res = await t.http.get(path).set('X-localization', 'en');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('120');
      expect(res.body).toEqual(maintenanceBody);
    }
    const post = await t.http.post('/api/counties').send({});
    expect(post.status).toBe(503);
    expect(post.body.message).toBe('Tjenesten er under vedlikehold. Prøv igjen om litt.');
  });

  it('keeps /api/health and /api/metrics open, and health tells maintenance is on', async () => {
    const health = await t.http.get('/api/health');
    expect(health.status).toBe(200);
    expect(health.body.maintenance).toBe(true);
    expect((await t.http.get('/api/metrics')).status).toBe(200);
  });

  it('still serves the SPA, which shows its maintenance modal on the 503s', async () => {
    const res = await t.http.get('/jobs');
    expect(res.status).toBe(200);
    expect(res.text).toContain('Legenett SPA');
  });
});

describe('maintenance switched by the frontend_settings row', () => {
  let t: TestApp;

  const setSwitch = async (value: string | null) => {
    await t.db.delete(schema.frontendSettings).where(eq(schema.frontendSettings.key, MAINTENANCE_SETTING));
    if (value !== null) await t.db.insert(schema.frontendSettings).values({ key: MAINTENANCE_SETTING, value });
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { MAINTENANCE_CACHE_MS: '0', MAINTENANCE_RETRY_AFTER_SECONDS: '900' } });
  });

  afterAll(async () => {
    await setSwitch(null);
    await t.close();
  });

  it('turns on and off without a restart', async () => {
    await setSwitch('on');
    const on = await t.http.get('/api/counties').set('X-localization', 'en');
    expect(on.status).toBe(503);
    expect(on.headers['retry-after']).toBe('900');
    expect(on.body).toEqual(maintenanceBody);
    expect((await t.http.get('/api/health')).body.maintenance).toBe(true);

    await setSwitch('off');
    expect((await t.http.get('/api/counties')).status).toBe(200);
    await setSwitch(null);
    expect((await t.http.get('/api/counties')).status).toBe(200);
  });

  it('caches the row for MAINTENANCE_CACHE_MS', async () => {
    const cached = await createTestApp({ env: { MAINTENANCE_CACHE_MS: '60000' } });
    try {
      await setSwitch(null);
      expect((await cached.http.get('/api/counties')).status).toBe(200);
      await setSwitch('on');
      // Within the cache window the old answer stands; a fresh process sees the switch.
      expect((await cached.http.get('/api/counties')).status).toBe(200);
      expect((await t.http.get('/api/counties')).status).toBe(503);
    } finally {
      await setSwitch(null);
      await cached.close();
    }
  });
});
