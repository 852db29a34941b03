import {
  ErrorBodySchema,
  type Locale,
  LoginResponseSchema,
  registrationEndpoints as ep,
  ValidationErrorBodySchema,
} from '@legenett/contracts';
import { schema } from '@legenett/db';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { type BodyIn, invalid } from '../../../test/call';
import { createUser } from '../../../test/auth';
import { settleJobs } from '../../../test/jobs';
import {
  identitySimulator,
  insertRegisterPerson,
  lastMailTo,
  registrationReference,
  resetRateLimits,
  STRONG_PASSWORD,
} from '../../../test/registration';

let t: TestApp;
let ref: Awaited<ReturnType<typeof registrationReference>>;
const random = () => Math.random().toString(36).slice(2, 8);
/** An HPR number no other test gave (one person, one account). */
const freshHpr = () => String(100_000_000 + Math.floor(Math.random() * 899_999_999));

beforeAll(async () => {
  t = await createTestApp();
  ref = await registrationReference(t.db);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await resetRateLimits(t);
});

/** The registration form; the HPR route's extra fields (`hpr_number`, names) come as overrides. */
const form = <O extends Partial<BodyIn<typeof ep.registerWithHpr>>>(overrides: O = {} as O) => ({
  email: `ny-${random()}@test.no`,
  password: STRONG_PASSWORD,
  password_confirmation: STRONG_PASSWORD,
  phone: '+47 912 34 567',
  workplace_situation_id: ref.working,
  specialities: [ref.specialtyId],
  accept_terms: true as const,
  accept_no_sensitive_info: true as const,
  ...overrides,
});

async function startSession(locale: Locale = 'no') {
  const res = await t.call(ep.createIdentitySession, { as: null, locale });
  expect(res.status).toBe(200);
  return ep.createIdentitySession.response.parse(res.body).data;
}

/** Through the simulator page as a browser would: choose `hprNumber`, follow to the callback. */
async function identify(hprNumber: string) {
  const session = await startSession();
  const page = await identitySimulator(t).open(session.url);
  expect(page.status).toBe(200);
  expect(page.text).toContain(hprNumber);
  const chosen = await identitySimulator(t).submit(session.id, { action: 'choose', hpr_number: hprNumber });
  expect(chosen.status).toBe(303);
  expect(chosen.headers.location).toBe(`/signicat-registration-callback?sessionId=${session.id}`);
  return session.id;
}

async function verifyFromOutbox(email: string, verificationId: string) {
  const mail = await lastMailTo(t.db, email, 'verification');
  const code = String(mail!.data!.code);
  expect(mail!.body).toContain(code);
  const res = await t.call(ep.verify, { as: null, params: { id: verificationId }, body: { code } });
  expect(res.status).toBe(200);
  expect(res.headers['set-cookie']?.toString()).toContain('refresh_token=');
  return LoginResponseSchema.parse(res.body);
}

describe('registration with the identity provider (simulator)', () => {
  it('create-session -> simulator -> retrieve -> create-user -> code from the outbox -> logged in as an approved doctor', async () => {
    const person = await insertRegisterPerson(t.db);
    const sessionId = await identify(person.hpr_number);

    const retrieved = await t.call(ep.retrieveIdentitySession, { as: null, params: { id: sessionId } });
    expect(retrieved.status).toBe(200);
    const session = ep.retrieveIdentitySession.response.parse(retrieved.body).data;
    expect(session.status).toBe('completed');
    // The register knows the person by the hash of the national identity number: the form gets the HPR number.
    expect(session.person).toEqual({
      first_name: person.first_name,
      last_name: person.last_name,
      birth_date: person.birth_date,
      hpr_number: person.hpr_number,
    });

    const body = form();
    const created = await t.call(ep.createUserFromIdentity, { as: null, params: { id: sessionId }, body });
    expect(created.status).toBe(201);
    const { verification_id } = ep.createUserFromIdentity.response.parse(created.body).data;

    const shown = await t.call(ep.showVerification, { as: null, params: { id: verification_id } });
    const verification = ep.showVerification.response.parse(shown.body).data;
    expect(verification.masked_email).toMatch(/^n\*+[a-z0-9]@test\.no$/);
    expect(verification.verified).toBe(false);

    const login = await verifyFromOutbox(body.email, verification_id);
    expect(login.user.email).toBe(body.email);
    expect(login.user.first_name).toBe(person.first_name);
    expect(login.user.status_label).toBe('Approved');
    expect(login.user.user_info.approved_hrp).toBe(2);
    expect(login.user.user_info.hpr_number).toBe(person.hpr_number);
    expect(login.user.roles).toEqual(['doctor']);
    expect(login.user.phone).toBe('+4791234567');

    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.email, body.email));
    expect(user!.national_id_hash).toBe(person.national_id_hash);
    expect(user!.registered_via).toBe('identity_provider');
    expect(user!.email_verified_at).not.toBeNull();

    // The session is spent; the verification too.
    const again = await t.call(ep.createUserFromIdentity, { as: null, params: { id: sessionId }, body: form() });
    expect(again.status).toBe(409);
    const twice = await t.call(ep.verify, { as: null, params: { id: verification_id }, body: { code: '000000' } });
    expect(twice.status).toBe(409);
  });

  it('a licensed student becomes an approved student; a nurse waits for an administrator', async () => {
    const student = await insertRegisterPerson(t.db, { profession: 'student', has_authorisation: false, has_licence: true });
    const studentForm = form({ workplace_situation_id: ref.student });
    const s = await t.call(ep.createUserFromIdentity, { as: null, params: { id: await identify(student.hpr_number) }, body: studentForm });
    expect(s.status).toBe(201);
    const studentLogin = await verifyFromOutbox(studentForm.email, ep.createUserFromIdentity.response.parse(s.body).data.verification_id);
    expect(studentLogin.user).toMatchObject({ status_label: 'Approved', roles: ['student'] });
    expect(studentLogin.user.user_info.approved_hrp).toBe(2);

    const nurse = await insertRegisterPerson(t.db, { profession: 'nurse' });
    const body = form();
    const n = await t.call(ep.createUserFromIdentity, { as: null, params: { id: await identify(nurse.hpr_number) }, body });
    expect(n.status).toBe(201);
    const login = await verifyFromOutbox(body.email, ep.createUserFromIdentity.response.parse(n.body).data.verification_id);
    expect(login.user.status_label).toBe('Awaiting approval');
    expect(login.user.user_info.approved_hrp).toBe(1);
  });

  it('an HPR number of somebody else keeps the account waiting (approved_hrp 1)', async () => {
    const me = await insertRegisterPerson(t.db);
    const other = await insertRegisterPerson(t.db);
    const body = form({ hpr_number: other.hpr_number });
    const res = await t.call(ep.createUserFromIdentity, { as: null, params: { id: await identify(me.hpr_number) }, body });
    expect(res.status).toBe(201);
    const login = await verifyFromOutbox(body.email, ep.createUserFromIdentity.response.parse(res.body).data.verification_id);
    expect(login.user.user_info.approved_hrp).toBe(1);
    expect(login.user.status_label).toBe('Awaiting approval');
  });

  it('refuses a national id that already has an account with 422', async () => {
    const person = await insertRegisterPerson(t.db);
    const first = await t.call(ep.createUserFromIdentity, { as: null, params: { id: await identify(person.hpr_number) }, body: form() });
    expect(first.status).toBe(201);
    const dup = await t.call(ep.createUserFromIdentity, { as: null, params: { id: await identify(person.hpr_number) }, body: form(), locale: 'en' });
    expect(dup.status).toBe(422);
    const body = ValidationErrorBodySchema.parse(dup.body);
    expect(body.errors.national_id).toEqual(['An account already exists for this person. Log in or reset the password.']);
  });

  it('answers a taken e-mail like a new one and mails the address owner instead (both sign-up paths)', async () => {
    const existing = await createUser(t.db, { locale: 'en' });
    const other = await insertRegisterPerson(t.db);
    const viaIdentity = await t.call(ep.createUserFromIdentity, { as: null, params: { id: await identify(other.hpr_number) }, body: form({ email: existing.email.toUpperCase() }) });
    const fresh = await t.call(ep.createUserFromIdentity, { as: null, params: { id: await identify((await insertRegisterPerson(t.db)).hpr_number) }, body: form() });
    expect(viaIdentity.status).toBe(fresh.status);
    expect(Object.keys(viaIdentity.body as object)).toEqual(Object.keys(fresh.body as object));
    ep.createUserFromIdentity.response.parse(viaIdentity.body);

    const viaHpr = await t.call(ep.registerWithHpr, { as: null, body: { ...form({ email: existing.email }), hpr_number: '1234567', first_name: 'Eva', last_name: 'Annen' } });
    expect(viaHpr.status).toBe(201);
    ep.registerWithHpr.response.parse(viaHpr.body);

    await settleJobs(t);
    const mails = await t.db.select().from(schema.outboxMessages).where(eq(schema.outboxMessages.to, existing.email));
    expect(mails.map((m) => m.template)).toEqual(['registration_attempt', 'registration_attempt']);
    expect(mails[0]!.subject).toBe('Someone tried to register with your e-mail address on Legenett');
    expect(mails[0]!.body).toContain('/forgot-password');
    // No second account, and the owner's account is untouched.
    expect(await t.db.select().from(schema.users).where(eq(schema.users.email, existing.email))).toHaveLength(1);
  });

  it('bad input: 422 per field, in the request language, never a 5xx', async () => {
    const person = await insertRegisterPerson(t.db);
    const id = await identify(person.hpr_number);
    const res = await t.call(ep.createUserFromIdentity, { as: null, params: { id }, body: invalid({ email: 'nope', password: 'weak', password_confirmation: 'other', phone: '123', workplace_situation_id: 'x', specialities: ['a'], accept_terms: false }), locale: 'en' });
    expect(res.status).toBe(422);
    const body = ValidationErrorBodySchema.parse(res.body);
    expect(Object.keys(body.errors)).toEqual(
      expect.arrayContaining(['email', 'password', 'phone', 'workplace_situation_id', 'accept_terms', 'accept_no_sensitive_info']),
    );
    expect(body.errors.accept_terms).toEqual(['You must accept this to register.']);

    const unknownRefs = await t.call(ep.createUserFromIdentity, { as: null, params: { id }, body: form({ workplace_situation_id: 999999, specialities: [999999] }) });
    expect(unknownRefs.status).toBe(422);
    expect(Object.keys(ValidationErrorBodySchema.parse(unknownRefs.body).errors).sort()).toEqual(['specialities', 'workplace_situation_id']);

    const common = await t.call(ep.createUserFromIdentity, { as: null, params: { id }, body: form({ password: 'Password123!', password_confirmation: 'Password123!' }) });
    expect(common.status).toBe(422);
    expect(ValidationErrorBodySchema.parse(common.body).errors.password).toBeDefined();

    const mismatch = await t.call(ep.createUserFromIdentity, { as: null, params: { id }, body: form({ password_confirmation: 'Annet!Passord42' }) });
    expect(ValidationErrorBodySchema.parse(mismatch.body).errors.password_confirmation).toEqual(['Passordene er ikke like.']);

    const badId = await t.call(ep.retrieveIdentitySession, { as: null, params: { id: 'not-a-uuid' } });
    expect(badId.status).toBe(422);
  });

  it('unknown sessions are 404; pending ones cannot register; cancelled ones say so', async () => {
    const missing = await t.call(ep.retrieveIdentitySession, { as: null, params: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(missing.status).toBe(404);
    ErrorBodySchema.parse(missing.body);

    const pending = await startSession();
    const retrieved = await t.call(ep.retrieveIdentitySession, { as: null, params: { id: pending.id } });
    expect(ep.retrieveIdentitySession.response.parse(retrieved.body).data).toMatchObject({ status: 'pending', person: null });
    const early = await t.call(ep.createUserFromIdentity, { as: null, params: { id: pending.id }, body: form() });
    expect(early.status).toBe(409);

    const cancelled = await startSession();
    const res = await identitySimulator(t).submit(cancelled.id, { action: 'cancel' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/signicat-registration-callback?sessionId=${cancelled.id}&status=cancelled`);
    const after = await t.call(ep.retrieveIdentitySession, { as: null, params: { id: cancelled.id }, locale: 'en' });
    expect(after.status).toBe(409);
    expect(ErrorBodySchema.parse(after.body).message).toBe('The identification was cancelled. Please start again.');
    // The page of a finished session explains instead of listing persons.
    const page = await identitySimulator(t).open(cancelled.url);
    expect(page.status).toBe(409);
    expect(page.text).toContain('role="alert"');
  });

  it('an expired session answers the spec message errors.identification_timeout', async () => {
    const session = await startSession();
    await t.db.update(schema.identitySessions).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(schema.identitySessions.id, session.id));
    const res = await t.call(ep.retrieveIdentitySession, { as: null, params: { id: session.id }, locale: 'en' });
    expect(res.status).toBe(409);
    expect(ErrorBodySchema.parse(res.body).message).toBe('The identification session has timed out, please try again.');
    const no = await t.call(ep.retrieveIdentitySession, { as: null, params: { id: session.id } });
    expect(no.error.message).toBe('Identifiseringsøkten er utløpt, vennligst prøv igjen.');
    const [row] = await t.db.select().from(schema.identitySessions).where(eq(schema.identitySessions.id, session.id));
    expect(row!.status).toBe('expired');
  });

  it('the simulator page is accessible HTML without scripts, in both languages', async () => {
    const person = await insertRegisterPerson(t.db);
    const en = await startSession('en');
    const page = await identitySimulator(t).open(en.url);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('<html lang="en">');
    expect(page.text).not.toMatch(/<script/i);
    expect(page.text).toContain(`Choose ${person.first_name} ${person.last_name}`);
    expect(page.text).toContain('Cancel the identification');
    // Professions by name in the page's language, never the register's codes.
    expect(page.text).toContain('>Doctor</td>');
    // Dates as the app shows them, not ISO.
    expect(page.text).not.toContain(`>${person.birth_date}</td>`);
    expect(page.text).not.toContain('>doctor</td>');
    const no = await startSession('no');
    const norwegian = (await identitySimulator(t).open(no.url)).text;
    expect(norwegian).toContain('Avbryt identifiseringen');
    expect(norwegian).toContain('<title>Identitetssimulator</title>');
    expect(norwegian).toContain('>Lege</td>');
    const bad = await identitySimulator(t).submit(no.id, { action: 'choose', hpr_number: '1' });
    expect(bad.status).toBe(404);
  });
});

describe('registration with an HPR number', () => {
  const hprForm = (overrides: Partial<BodyIn<typeof ep.registerWithHpr>> & { hpr_number: string }) =>
    form({ first_name: 'Per', last_name: `Hansen ${random()}`, ...overrides });

  it('a register hit is checked (1) but waits for an administrator; unknown numbers get 0', async () => {
    const person = await insertRegisterPerson(t.db);
    const body = hprForm({ hpr_number: person.hpr_number, first_name: person.first_name, last_name: person.last_name });
    const res = await t.call(ep.registerWithHpr, { as: null, body });
    expect(res.status).toBe(201);
    const login = await verifyFromOutbox(body.email, ep.registerWithHpr.response.parse(res.body).data.verification_id);
    expect(login.user.user_info.approved_hrp).toBe(1);
    expect(login.user.status_label).toBe('Awaiting approval');

    const unknown = hprForm({ hpr_number: freshHpr(), workplace_situation_id: ref.student });
    const res2 = await t.call(ep.registerWithHpr, { as: null, body: unknown });
    expect(res2.status).toBe(201);
    const login2 = await verifyFromOutbox(unknown.email, ep.registerWithHpr.response.parse(res2.body).data.verification_id);
    expect(login2.user.user_info.approved_hrp).toBe(0);
    expect(login2.user.roles).toEqual(['student']);
  });

  it('refuses a second account with the same HPR number (422 on hpr_number), also when two sign up at once', async () => {
    const person = await insertRegisterPerson(t.db);
    const first = hprForm({ hpr_number: person.hpr_number });
    expect((await t.call(ep.registerWithHpr, { as: null, body: first })).status).toBe(201);
    const again = await t.call(ep.registerWithHpr, { as: null, body: hprForm({ hpr_number: person.hpr_number }), locale: 'en' });
    expect(again.status).toBe(422);
    expect(ValidationErrorBodySchema.parse(again.body).errors.hpr_number).toEqual([
      'This HPR number already belongs to an account. Log in or reset the password, or contact us if it is not your account.',
    ]);
    // The identity path too: an electronic ID of someone else giving that number.
    const other = await insertRegisterPerson(t.db);
    const viaId = await t.call(ep.createUserFromIdentity, { as: null, params: { id: await identify(other.hpr_number) }, body: form({ hpr_number: person.hpr_number }) });
    expect(viaId.status).toBe(422);
    expect(Object.keys(ValidationErrorBodySchema.parse(viaId.body).errors)).toEqual(['hpr_number']);

    // A rejected account does not hold its number.
    const [holder] = await t.db.select({ id: schema.userInfo.user_id }).from(schema.userInfo).where(eq(schema.userInfo.hpr_number, person.hpr_number));
    await t.db.update(schema.users).set({ status: 'rejected' }).where(eq(schema.users.id, holder!.id));
    expect((await t.call(ep.registerWithHpr, { as: null, body: hprForm({ hpr_number: person.hpr_number }) })).status).toBe(201);

    // Two sign-ups with one new number at the same moment: exactly one account.
    const number = freshHpr();
    const both = await Promise.all([1, 2].map(() => t.call(ep.registerWithHpr, { as: null, body: hprForm({ hpr_number: number }) })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(await t.db.select().from(schema.userInfo).where(eq(schema.userInfo.hpr_number, number))).toHaveLength(1);
  });

  it('needs names, the HPR number and both consents', async () => {
    const res = await t.call(ep.registerWithHpr, { as: null, body: invalid(form({ accept_no_sensitive_info: undefined })) });
    expect(res.status).toBe(422);
    expect(Object.keys(ValidationErrorBodySchema.parse(res.body).errors)).toEqual(
      expect.arrayContaining(['first_name', 'last_name', 'hpr_number', 'accept_no_sensitive_info']),
    );
  });

  it('is rate limited per address (429 with Retry-After)', async () => {
    let last = 0;
    for (let i = 0; i < 12; i += 1) last = (await t.call(ep.registerWithHpr, { as: null, body: invalid({}) })).status;
    expect(last).toBe(429);
    const res = await t.call(ep.registerWithHpr, { as: null, body: invalid({}) });
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('e-mail verification', () => {
  async function registered() {
    const body = form({ first_name: 'Ola', last_name: `Nordmann ${random()}`, hpr_number: freshHpr() });
    const res = await t.call(ep.registerWithHpr, { as: null, body });
    return { email: body.email, id: ep.registerWithHpr.response.parse(res.body).data.verification_id };
  }

  it('a wrong code counts; after 5 the code is spent; resend gives a fresh code', async () => {
    const { email, id } = await registered();
    const right = String((await lastMailTo(t.db, email))!.data!.code);
    const wrongCode = right === '000000' ? '111111' : '000000';
    const wrong = await t.call(ep.verify, { as: null, params: { id }, body: { code: wrongCode }, locale: 'en' });
    expect(wrong.status).toBe(422);
    expect(ValidationErrorBodySchema.parse(wrong.body).errors.code).toEqual(['The code is wrong.']);
    for (let i = 0; i < 4; i += 1) await t.call(ep.verify, { as: null, params: { id }, body: { code: wrongCode } });
    const locked = await t.call(ep.verify, { as: null, params: { id }, body: { code: right }, locale: 'en' });
    expect(locked.status).toBe(422);
    expect(ValidationErrorBodySchema.parse(locked.body).errors.code).toEqual(['Too many wrong attempts. Ask for a new code.']);

    const resent = await t.call(ep.resendVerification, { as: null, params: { id } });
    expect(resent.status).toBe(200);
    ep.resendVerification.response.parse(resent.body);
    const fresh = String((await lastMailTo(t.db, email))!.data!.code);
    const ok = await t.call(ep.verify, { as: null, params: { id }, body: { code: fresh } });
    expect(ok.status).toBe(200);
    LoginResponseSchema.parse(ok.body);
    const resendAfter = await t.call(ep.resendVerification, { as: null, params: { id } });
    expect(resendAfter.status).toBe(409);
  });

  it('an expired code is refused; bad codes and unknown ids are 422 and 404', async () => {
    const { email, id } = await registered();
    await t.db.update(schema.emailVerificationCodes).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(schema.emailVerificationCodes.public_id, id));
    const code = String((await lastMailTo(t.db, email))!.data!.code);
    const expired = await t.call(ep.verify, { as: null, params: { id }, body: { code } });
    expect(expired.status).toBe(422);
    expect(Object.keys(ValidationErrorBodySchema.parse(expired.body).errors)).toEqual(['code']);

    expect((await t.call(ep.verify, { as: null, params: { id }, body: { code: '12ab' } })).status).toBe(422);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.call(ep.showVerification, { as: null, params: { id: unknown } })).status).toBe(404);
    expect((await t.call(ep.verify, { as: null, params: { id: unknown }, body: { code: '123456' } })).status).toBe(404);
    expect((await t.call(ep.resendVerification, { as: null, params: { id: unknown } })).status).toBe(404);
  });

  it('the mail is in the outbox, queued (no SMTP), in the request language', async () => {
    const body = form({ first_name: 'Ada', last_name: `Lovelace ${random()}`, hpr_number: freshHpr() });
    await t.call(ep.registerWithHpr, { as: null, body: body, locale: 'en' });
    const mail = await lastMailTo(t.db, body.email, 'verification');
    expect(mail).toMatchObject({ status: 'queued', channel: 'mail', locale: 'en', attempts: 0 });
    expect(mail!.subject).toMatch(/^Your Legenett verification code: \d{6}$/);
    expect(mail!.body).toContain('Hello Ada,');
  });
});
