import { ErrorBodySchema, ValidationErrorBodySchema } from '@legenett/contracts';
import { createTestApp, type TestApp } from '../../../test/app';
import { ProbeModule } from '../../../test/probe.module';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ imports: [ProbeModule] });
});

afterAll(async () => {
  await t.close();
});

describe('error shapes of docs/api-conventions.md', () => {
  it('malformed JSON is a 422 with errors.malformed_json, never a 500', async () => {
    const res = await t.http
      .post('/api/__probe/echo')
      .set('Content-Type', 'application/json')
      .set('X-localization', 'en')
      .send('{"name": "Kari",');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'The request contains invalid JSON.', errors: { body: ['The request contains invalid JSON.'] } });
    ValidationErrorBodySchema.parse(res.body);
  });

  it('malformed JSON on an unknown route is still a clean 4xx', async () => {
    const res = await t.http.post('/api/nowhere').set('Content-Type', 'application/json').send('{');
    expect(res.status).toBe(422);
  });

  it('a body over the limit is 413', async () => {
    const res = await t.http
      .post('/api/__probe/echo')
      .set('Content-Type', 'application/json')
      .set('X-localization', 'en')
      .send(JSON.stringify({ name: 'x'.repeat(1_100_000) }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ status_code: 413, message: 'The file or request is too large.' });
  });

  it('an unsupported body charset is 415, not 500', async () => {
    const res = await t.http.post('/api/__probe/echo').set('Content-Type', 'application/json; charset=klingon').send('{}');
    expect(res.status).toBe(415);
    ErrorBodySchema.parse(res.body);
  });

  it('validation errors are 422 with localised messages per field', async () => {
    const body = { name: 'K', email: 'nope', age: 17.5, tags: ['a', 'b', 'c'], nested: { when: '2026-13-45' }, extra: 1 };
    const en = await t.http.post('/api/__probe/echo').set('X-localization', 'en').send(body);
    expect(en.status).toBe(422);
    expect(en.body).toEqual({
      message: 'Some fields are not filled in correctly.',
      errors: {
        name: ['Must be at least 2 characters.'],
        email: ['Invalid e-mail address.'],
        age: ['Must be a whole number.'],
        tags: ['Choose at most 2.'],
        'nested.when': ['Invalid date.'],
        extra: ['Unknown field.'],
      },
    });
    const no = await t.http.post('/api/__probe/echo').send({ email: 'kari@example.no', age: 30 });
    expect(no.status).toBe(422);
    expect(no.body).toEqual({ message: 'Noen felt er ikke fylt ut riktig.', errors: { name: ['Feltet er påkrevd.'] } });
  });

  it('a body that is not an object is a 422 on `body`', async () => {
    const res = await t.http.post('/api/__probe/echo').set('Content-Type', 'application/json').send('[1,2]');
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['body']);
  });

  it('valid input passes with coercion and defaults, at the descriptor status', async () => {
    const res = await t.http.post('/api/__probe/echo?dry=yes').send({ name: 'Kari', email: 'kari@example.no', age: 30 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: { name: 'Kari', dry: 'yes' } });
    const bad = await t.http.post('/api/__probe/echo?dry=maybe').send({ name: 'Kari', email: 'kari@example.no', age: 30 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['dry']);
  });

  it('an unknown /api route is a JSON 404', async () => {
    const res = await t.http.get('/api/nope').set('X-localization', 'en');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ status_code: 404, message: 'Page not found (requested URL not found).' });
  });

  it('a route that is not public answers 401 without a login', async () => {
    const res = await t.http.get('/api/__probe/members').set('X-localization', 'en');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ status_code: 401, message: 'You need to log in to continue.' });
    const no = await t.http.get('/api/__probe/members').set('Authorization', 'Bearer not-a-token');
    expect(no.body).toEqual({ status_code: 401, message: 'Du må logge inn for å fortsette.' });
  });

  it('403 carries the reason and its message', async () => {
    const res = await t.http.get('/api/__probe/forbidden').set('X-localization', 'en');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ status_code: 403, message: 'Only the owner can change this.', reason: 'not_owner' });
  });

  it("framework exceptions get our shapes and messages, not the framework's text", async () => {
    const res = await t.http.get('/api/__probe/nest-forbidden').set('X-localization', 'en');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ status_code: 403, message: 'You do not have access to this.' });
  });

  it('409, 413 and 503 have the plain shape', async () => {
    for (const [path, status] of [
      ['conflict', 409],
      ['too-large', 413],
      ['unavailable', 503],
    ] as const) {
      const res = await t.http.get(`/api/__probe/${path}`);
      expect(res.status).toBe(status);
      expect(ErrorBodySchema.strict().parse(res.body)).toEqual({ status_code: status, message: expect.any(String) });
    }
  });

  it('429 carries Retry-After', async () => {
    const res = await t.http.get('/api/__probe/throttled').set('X-localization', 'en');
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('42');
    expect(res.body).toEqual({ status_code: 429, message: 'Too many attempts. Wait a moment and try again.' });
  });

  it('500 says "Server error" with the request id and never a stack or the internal message', async () => {
    const res = await t.http.get('/api/__probe/boom').set('X-localization', 'en').set('X-Request-Id', 'trace-me-12345');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ status_code: 500, message: 'Server error', request_id: 'trace-me-12345' });
    expect(res.text).not.toMatch(/hunter2|secret|at \w+ \(/);
    const no = await t.http.get('/api/__probe/boom');
    expect(no.body).toEqual({ status_code: 500, message: 'Serverfeil', request_id: no.headers['x-request-id'] });
  });

  it('services see the request language and id through the request context', async () => {
    const res = await t.http.get('/api/__probe/context').set('X-localization', 'en').set('X-Request-Id', 'ctx-check-0001');
    expect(res.body).toEqual({ locale: 'en', request_id: 'ctx-check-0001' });
    const fallback = await t.http.get('/api/__probe/context');
    expect(fallback.body.locale).toBe('no');
  });
});
