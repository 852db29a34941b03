import { type Database, schema } from '@legenett/db';
import { hashNationalId } from '@legenett/shared';
import { and, desc, eq } from 'drizzle-orm';
import { type TestApp } from './app';
import { RateLimitService } from '../src/common/rate-limit';
import { readTestDatabase } from './test-database';

const random = (): string => Math.random().toString(36).slice(2, 8);
const digits = (n: number): string => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/** A person in the register of this test's own (unique HPR number and national id). */
export async function insertRegisterPerson(
  db: Database,
  overrides: Partial<typeof schema.hprRegister.$inferInsert> & { nationalId?: string } = {},
) {
  const nationalId = overrides.nationalId ?? digits(11);
  const [row] = await db
    .insert(schema.hprRegister)
    .values({
      hpr_number: digits(9),
      national_id_hash: hashNationalId(nationalId, readTestDatabase().nationalIdHashKey),
      first_name: 'Kari',
      last_name: `Testlege ${random()}`,
      birth_date: '1988-03-14',
      profession: 'doctor',
      has_authorisation: true,
      has_licence: true,
      ...overrides,
    })
    .returning();
  return { ...row!, nationalId };
}

/** Reference rows registration needs: roles, a workplace situation per code, one speciality. */
export async function registrationReference(db: Database) {
  await db
    .insert(schema.roles)
    .values(schema.ROLE_CODES.map((code) => ({ code, name: { no: code, en: code } })))
    .onConflictDoNothing({ target: schema.roles.code });
  await db
    .insert(schema.workplaceSituations)
    .values(['student', 'working', 'unemployed'].map((code) => ({ code: code as 'student', name: { no: code, en: code } })))
    .onConflictDoNothing({ target: schema.workplaceSituations.code });
  const situations = await db.select().from(schema.workplaceSituations);
  const [specialty] = await db
    .insert(schema.specialties)
    .values({ code: `reg-${random()}`, name: { no: 'Testmedisin', en: 'Test medicine' } })
    .returning();
  const bySituation = (code: string) => situations.find((s) => s.code === code)!.id;
  return { working: bySituation('working'), student: bySituation('student'), specialtyId: specialty!.id };
}

/** The newest outbox mail to an address (tests read codes and links from it: the local mailbox). */
export async function lastMailTo(db: Database, to: string, template?: string) {
  const [row] = await db
    .select()
    .from(schema.outboxMessages)
    .where(template ? and(eq(schema.outboxMessages.to, to), eq(schema.outboxMessages.template, template)) : eq(schema.outboxMessages.to, to))
    .orderBy(desc(schema.outboxMessages.id))
    .limit(1);
  return row;
}

const RULES = [
  'registration',
  'identity-session',
  'verification-code',
  'verification-resend',
  'forgot-password-ip',
  'reset-password',
  'confirm-email',
];

/** Clears this module's per-IP rate-limit counters for the test client. */
export async function resetRateLimits(t: TestApp): Promise<void> {
  const limits = t.app.get(RateLimitService, { strict: false });
  for (const name of RULES) {
    for (const ip of ['::ffff:127.0.0.1', '127.0.0.1', '::1']) await limits.reset({ name }, `ip:${ip}`);
  }
}

export const STRONG_PASSWORD = 'Sterkt!Passord42';

/**
 * The identity provider's page as a browser uses it. Locally the simulator
 * (`/api/identity-simulator/:id`, an HTML page and form) stands in for the provider's own site: it
 * is no API endpoint and has no contract, so tests reach it as raw HTTP here, not through `t.call`.
 */
export function identitySimulator(t: Pick<TestApp, 'http'>) {
  return {
    /** Opens the page at the session's `url` (the HTML a person sees). */
    open: (url: string) => t.http.get(url),
    /** Submits the page's form (`action`: choose, cancel; `hpr_number`). */
    submit: (sessionId: string, form: Record<string, string>) => t.http.post(`/api/identity-simulator/${sessionId}`).type('form').send(form),
  };
}
