import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { registrationEndpoints as ep, ValidationErrorBodySchema } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { hashNationalId } from '@legenett/shared';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { invalid } from '../../../test/call';
import { identitySimulator, insertRegisterPerson, lastMailTo, registrationReference, STRONG_PASSWORD } from '../../../test/registration';
import { readTestDatabase } from '../../../test/test-database';
import { IdentityProviderUnavailableError } from './identity-provider';
import { SignicatIdentityProvider } from './signicat-identity-provider';

/** A local fake of Signicat's token and session endpoints. */
interface FakeSession {
  status: string;
  body: Record<string, unknown>;
  subject?: Record<string, unknown>;
}
const sessions = new Map<string, FakeSession>();
const calls: string[] = [];
let tokensIssued = 0;
let fail = false;
let server: Server;
let baseUrl: string;

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => resolve(data));
  });

beforeAll(async () => {
  server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      calls.push(`${req.method} ${req.url}`);
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (fail) return json(500, { error: 'down' });
      if (req.url === '/auth/open/connect/token') {
        const expected = `Basic ${Buffer.from('client-id:client-secret').toString('base64')}`;
        if (req.headers.authorization !== expected || !body.includes('grant_type=client_credentials')) return json(401, {});
        tokensIssued += 1;
        return json(200, { access_token: `tok-${tokensIssued}`, expires_in: 600, token_type: 'Bearer' });
      }
      if (!req.headers.authorization?.startsWith('Bearer tok-')) return json(401, {});
      if (req.method === 'POST' && req.url === '/auth/rest/sessions') {
        const id = `sig-${sessions.size + 1}`;
        sessions.set(id, { status: 'CREATED', body: JSON.parse(body) as Record<string, unknown> });
        return json(201, { id, status: 'CREATED', authenticationUrl: `https://idp.example/auth/${id}` });
      }
      const m = /^\/auth\/rest\/sessions\/([\w-]+)$/.exec(req.url ?? '');
      const session = m ? sessions.get(m[1]!) : undefined;
      if (req.method === 'GET' && session) return json(200, { id: m![1], status: session.status, subject: session.subject });
      return json(404, {});
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('SignicatIdentityProvider against a fake server', () => {
  it('creates a session with callback URLs, then reads the subject once it succeeds', async () => {
    const provider = new SignicatIdentityProvider({ baseUrl, clientId: 'client-id', clientSecret: 'client-secret' });
    const started = await provider.startSession({
      sessionId: 'ours-1',
      successUrl: 'http://app/cb?sessionId=ours-1',
      abortUrl: 'http://app/cb?sessionId=ours-1&status=cancelled',
      expiresAt: new Date(Date.now() + 600_000),
      locale: 'en',
    });
    expect(started.url).toMatch(/^https:\/\/idp\.example\/auth\/sig-/);
    const fake = sessions.get(started.providerSessionId)!;
    expect(fake.body).toMatchObject({ flow: 'redirect', callbackUrls: { success: 'http://app/cb?sessionId=ours-1' }, language: 'en' });

    expect(await provider.fetchSession(started.providerSessionId)).toEqual({ status: 'pending' });
    fake.status = 'SUCCESS';
    fake.subject = { firstName: 'Nora', lastName: 'Berg', dateOfBirth: '1990-01-02', nin: { value: '02019012345', issuingCountry: 'NO' } };
    expect(await provider.fetchSession(started.providerSessionId)).toEqual({
      status: 'completed',
      subject: { firstName: 'Nora', lastName: 'Berg', birthDate: '1990-01-02', nationalId: '02019012345' },
    });
    fake.status = 'ABORT';
    expect((await provider.fetchSession(started.providerSessionId)).status).toBe('cancelled');
    // One client-credentials token served every call.
    expect(tokensIssued).toBe(1);
  });

  it('turns an unreachable or failing provider into IdentityProviderUnavailableError', async () => {
    fail = true;
    const provider = new SignicatIdentityProvider({ baseUrl, clientId: 'client-id', clientSecret: 'client-secret' });
    await expect(provider.fetchSession('x')).rejects.toBeInstanceOf(IdentityProviderUnavailableError);
    fail = false;
    const wrongSecret = new SignicatIdentityProvider({ baseUrl, clientId: 'client-id', clientSecret: 'nope' });
    await expect(wrongSecret.fetchSession('x')).rejects.toBeInstanceOf(IdentityProviderUnavailableError);
    const nowhere = new SignicatIdentityProvider({ baseUrl: 'http://127.0.0.1:9', clientId: 'a', clientSecret: 'b', timeoutMs: 2000 });
    await expect(nowhere.fetchSession('x')).rejects.toBeInstanceOf(IdentityProviderUnavailableError);
  });
});

describe('the API with IDENTITY_PROVIDER=signicat', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { IDENTITY_PROVIDER: 'signicat', SIGNICAT_BASE_URL: baseUrl, SIGNICAT_CLIENT_ID: 'client-id', SIGNICAT_CLIENT_SECRET: 'client-secret' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('registers a person the provider identified (national id hashed, register confirms)', async () => {
    const ref = await registrationReference(t.db);
    const nationalId = `${Date.now()}`.slice(-11).padStart(11, '1');
    const person = await insertRegisterPerson(t.db, { nationalId });
    const created = await t.call(ep.createIdentitySession, { as: null });
    expect(created.status).toBe(200);
    const { id, url } = ep.createIdentitySession.response.parse(created.body).data;
    expect(url).toMatch(/^https:\/\/idp\.example\/auth\//);
    const [row] = await t.db.select().from(schema.identitySessions).where(eq(schema.identitySessions.id, id));
    const fake = sessions.get(row!.provider_session_id!)!;
    expect(fake.body).toMatchObject({ callbackUrls: { success: expect.stringContaining(`/signicat-registration-callback?sessionId=${id}`) } });

    fake.status = 'SUCCESS';
    fake.subject = { firstName: person.first_name, lastName: person.last_name, dateOfBirth: '1988-03-14', nin: { value: nationalId } };
    const retrieved = await t.call(ep.retrieveIdentitySession, { as: null, params: { id } });
    expect(ep.retrieveIdentitySession.response.parse(retrieved.body).data.status).toBe('completed');
    const [completed] = await t.db.select().from(schema.identitySessions).where(eq(schema.identitySessions.id, id));
    expect(completed!.person_national_id_hash).toBe(hashNationalId(nationalId, readTestDatabase().nationalIdHashKey));

    const email = `signicat-${Date.now()}@test.no`;
    const res = await t.call(ep.createUserFromIdentity, { as: null, params: { id }, body: {
      email,
      password: STRONG_PASSWORD,
      password_confirmation: STRONG_PASSWORD,
      phone: '+4791234567',
      workplace_situation_id: ref.working,
      specialities: [],
      accept_terms: true,
      accept_no_sensitive_info: true,
    } });
    expect(res.status).toBe(201);
    expect(await lastMailTo(t.db, email, 'verification')).toBeDefined();
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.email, email));
    expect(user!.status).toBe('approved');
  });

  it('answers 503 with a message when the provider is down, and the simulator page refuses its sessions', async () => {
    fail = true;
    const res = await t.call(ep.createIdentitySession, { as: null, locale: 'en' });
    fail = false;
    expect(res.status).toBe(503);
    expect(res.error.message).toBe('The identification service is not answering right now. Please try again shortly.');

    const ok = await t.call(ep.createIdentitySession, { as: null });
    const { id } = ep.createIdentitySession.response.parse(ok.body).data;
    expect((await identitySimulator(t).open(`/api/identity-simulator/${id}`)).status).toBe(404);
    const bad = await t.call(ep.createUserFromIdentity, { as: null, params: { id }, body: invalid({}) });
    expect(bad.status).toBe(422);
    ValidationErrorBodySchema.parse(bad.body);
  });
});
