import { createHash } from 'node:crypto';
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
    // Chunks are named by their hash only (apps/web/vite.config.ts).
    fs.writeFileSync(path.join(t.webDistDir, 'assets', 'Ck9-xQ_2.js'), 'export {};');
    const chunk = await t.http.get('/assets/Ck9-xQ_2.js');
    expect(chunk.status).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await t.http.get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers['cache-control']).toBe('no-cache');
  });

  it('serves the service worker and the web app manifest uncached, with their types (issue 41)', async () => {
    // A worker cached for a year would strand its users on an old build (docs/push-and-pwa.md).
    fs.writeFileSync(path.join(t.webDistDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(path.join(t.webDistDir, 'manifest.webmanifest'), '{"name":"Legenett"}');
    const sw = await t.http.get('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await t.http.get('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
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

describe('the page of a route', () => {
  const boot = "document.documentElement.setAttribute('data-mantine-color-scheme', 'light');";
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = makeWebDist();
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html>\n<html lang="no">\n  <head>\n    <script src="/boot.js"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
    );
    fs.writeFileSync(path.join(dist, 'boot.js'), boot);
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(
      path.join(dist, '.vite', 'route-preload.json'),
      JSON.stringify({
        chunks: [
          ['ShellNo1', []],
          ['ShellEn1', []],
          ['JobsPage', [3]],
          ['Shared01', []],
          ['JobsNo01', []],
          ['JobsEn01', []],
        ],
        routes: [['/jobs', 2, ['jobs']]],
        sections: { no: { '*': 0, jobs: 4 }, en: { '*': 1, jobs: 5 } },
      }),
    );
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const preloads = (html: string) =>
    [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);

  it("preloads the route's chunks and texts in the language of the cookie, Norwegian without one", async () => {
    const no = await t.http.get('/jobs').set('Accept', 'text/html');
    expect(no.status).toBe(200);
    expect(no.headers['content-type']).toMatch(/text\/html/);
    expect(no.headers['cache-control']).toBe('no-cache');
    expect(no.headers['vary']).toBe('Accept-Encoding, Cookie');
    expect(no.text).toContain('<html lang="no">');
    expect(preloads(no.text)).toEqual([
      '/assets/ShellNo1.js',
      '/assets/JobsPage.js',
      '/assets/JobsNo01.js',
      '/assets/Shared01.js',
    ]);

    const en = await t.http.get('/jobs/').set('Cookie', 'other=1; legenett-locale=en');
    expect(en.text).toContain('<html lang="en">');
    expect(preloads(en.text)).toEqual([
      '/assets/ShellEn1.js',
      '/assets/JobsPage.js',
      '/assets/JobsEn01.js',
      '/assets/Shared01.js',
    ]);

    const unknown = await t.http.get('/jobs').set('Cookie', 'legenett-locale=%22%3E%3Cscript%3E');
    expect(unknown.text).toContain('<html lang="no">');

    // A path no route knows still gets the app (it shows its own not-found page), with the shell's texts.
    const other = await t.http.get('/no/such/page');
    expect(other.status).toBe(200);
    expect(preloads(other.text)).toEqual(['/assets/ShellNo1.js']);
  });

  it('inlines the boot script and lets the policy run exactly that script', async () => {
    const res = await t.http.get('/jobs');
    expect(res.text).toContain(`<script>${boot}</script>`);
    expect(res.text).not.toContain('/boot.js');
    const hash = createHash('sha256').update(boot).digest('base64');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // Everything else keeps the policy without the hash.
    const api = await t.http.get('/api/health');
    expect(String(api.headers['content-security-policy'])).toContain("script-src 'self';");
  });

  it('sends the page compressed when the client takes it, and answers HEAD without a body', async () => {
    const br = await t.http
      .get('/jobs')
      .set('Accept-Encoding', 'br')
      .buffer(true)
      .parse((res, done) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => done(null, Buffer.concat(parts)));
      });
    expect(br.headers['content-encoding']).toBe('br');
    const head = await t.http.head('/jobs');
    expect(head.status).toBe(200);
    expect(head.text ?? '').toBe('');
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
