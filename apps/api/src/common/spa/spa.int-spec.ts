import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { createTestApp, makeWebDist, type TestApp } from '../../../test/app';

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

  it('answers a missing asset or any other missing file with 404, not the app', async () => {
    for (const p of [
      '/assets/gone-12345678.js',
      '/assets/missing.js',
      '/media/preview.png',
      '/favicon-old.ico',
      '/jobs/report.pdf',
    ]) {
      const res = await t.http.get(p).set('Accept', 'text/html');
      expect({ p, status: res.status }).toEqual({ p, status: 404 });
      expect(res.text).not.toContain('Legenett SPA');
    }
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

describe('pre-compressed files', () => {
  const js = `console.log(${JSON.stringify('Legenett '.repeat(400))});`;
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = makeWebDist();
    const file = path.join(dist, 'assets', 'main-Zz9Yy8Xx.js');
    fs.writeFileSync(file, js);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(js));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(js));
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  /** The bytes as sent (supertest would decompress them), by plain node:http. */
  const get = async (encoding = 'identity') => {
    const server = t.app.getHttpServer() as http.Server;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        http
          .get(
            {
              host: '127.0.0.1',
              port,
              path: '/assets/main-Zz9Yy8Xx.js',
              headers: { 'Accept-Encoding': encoding },
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () =>
                resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
              );
            },
          )
          .on('error', reject);
      },
    );
  };
  const raw = (res: { body: Buffer }) => res.body;

  it('serves brotli to clients that take it, gzip to those that take only gzip, the file itself otherwise', async () => {
    const br = await get('gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(raw(br)).toString()).toBe(js);

    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(raw(gz)).toString()).toBe(js);

    const refusedBr = await get('br;q=0, gzip');
    expect(refusedBr.headers['content-encoding']).toBe('gzip');

    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBe('Accept-Encoding');
    expect(raw(plain).toString()).toBe(js);
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
