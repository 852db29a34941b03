import http from 'node:http';
import { type AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { ErrorBodySchema, ValidationErrorBodySchema } from '@legenett/contracts';
import { createTestApp, type TestApp } from '../../../test/app';
import { ProbeModule } from '../../../test/probe.module';

// Hostile bodies found by the fault and security probe (issue 9): each answered 500 before.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ imports: [ProbeModule] });
});

afterAll(async () => {
  await t.close();
});

/** Sends raw bytes as they are (supertest would JSON-encode a Buffer sent as application/json). */
async function postRaw(path: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; body: unknown }> {
  const server = http.createServer(t.app.getHttpAdapter().getInstance() as http.RequestListener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers: { ...headers, 'Content-Length': String(body.length) } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as unknown }));
      });
      req.on('error', reject);
      req.end(body);
    });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

const gzipJson = { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'X-localization': 'en' };

const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

describe('malformed request bodies are 4xx, never 500', () => {
  it('5 000 levels of nested JSON are refused as bad input', async () => {
    const res = await t.http.post('/api/__probe/echo').set('Content-Type', 'application/json').set('X-localization', 'en').send(`{"name":${nested(5000)}}`);
    expect(res.status).toBe(422);
    ValidationErrorBodySchema.parse(res.body);
  });

  it('deep nesting inside an object is refused too, on an unknown route as well', async () => {
    const deepObject = '{"a":'.repeat(3000) + '1' + '}'.repeat(3000);
    for (const route of ['/api/__probe/echo', '/api/nowhere']) {
      const res = await t.http.post(route).set('Content-Type', 'application/json').send(deepObject);
      expect(res.status).toBe(422);
    }
  });

  it('moderate nesting (a real payload) still passes to validation', async () => {
    const res = await t.http.post('/api/__probe/echo').set('X-localization', 'en').send({ name: 'Kari', nested: { when: '2026-01-01' } });
    expect(res.status).toBeLessThan(500);
    expect(res.status).not.toBe(400);
  });

  it('Content-Encoding: gzip with a body that is not gzip is a 400', async () => {
    const res = await postRaw('/api/__probe/echo', gzipJson, Buffer.from('{"name":"Kari"}'));
    expect(res.status).toBe(400);
    expect(ErrorBodySchema.parse(res.body).message).toBe('The request is invalid.');
  });

  it('a truncated gzip body is a 400', async () => {
    const gz = zlib.gzipSync(Buffer.from(JSON.stringify({ name: 'Kari Nordmann'.repeat(50) })));
    const res = await postRaw('/api/__probe/echo', gzipJson, gz.subarray(0, gz.length - 12));
    expect(res.status).toBe(400);
  });

  it('a real gzip body is read', async () => {
    const gz = zlib.gzipSync(Buffer.from(JSON.stringify({ name: 'Kari', email: 'kari@example.no', age: 40 })));
    const res = await postRaw('/api/__probe/echo', gzipJson, gz);
    expect(res).toEqual({ status: 201, body: { data: { name: 'Kari', dry: 'no' } } });
  });

  it('an unknown Content-Encoding is 415', async () => {
    const res = await t.http.post('/api/__probe/echo').set('Content-Type', 'application/json').set('Content-Encoding', 'klingon').send('{}');
    expect(res.status).toBe(415);
  });
});
