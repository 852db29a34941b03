import { randomUUID } from 'node:crypto';
import { schema } from '@legenett/db';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser } from '../../../test/auth';
import { HousekeepingService, type PurgeCounts } from './housekeeping.service';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const NOTHING: PurgeCounts = {
  emailVerificationCodes: 0,
  passwordResetTokens: 0,
  emailChanges: 0,
  identitySessions: 0,
  refreshTokenFamilies: 0,
  sentOutboxMessages: 0,
  doneJobs: 0,
  failedJobs: 0,
};

/** Rows on both sides of every retention line (defaults: a day past expiry; 30 days of sent mail). */
async function insertRows() {
  const verified = await createUser(t.db, { prefix: 'hk' });
  const unverified = await createUser(t.db, { prefix: 'hk', emailVerified: false });
  const db = t.db;
  const code = (user_id: number, expires_at: Date, used_at: Date | null = null) =>
    db
      .insert(schema.emailVerificationCodes)
      .values({ user_id, code_hash: randomUUID(), expires_at, used_at })
      .returning({ id: schema.emailVerificationCodes.id })
      .then(([r]) => r!.id);
  const reset = (expires_at: Date) =>
    db
      .insert(schema.passwordResetTokens)
      .values({ user_id: verified.id, token_hash: randomUUID(), expires_at })
      .returning({ id: schema.passwordResetTokens.id })
      .then(([r]) => r!.id);
  const identity = (
    expires_at: Date,
    status: 'pending' | 'completed' | 'expired',
    user_id: number | null = null,
  ) =>
    db
      .insert(schema.identitySessions)
      .values({ expires_at, status, user_id, completed_at: status === 'completed' ? expires_at : null })
      .returning({ id: schema.identitySessions.id })
      .then(([r]) => r!.id);
  const family = async (absolute_expires_at: Date, revoked_at: Date | null = null) => {
    const [row] = await db
      .insert(schema.refreshTokenFamilies)
      .values({ user_id: verified.id, absolute_expires_at, revoked_at })
      .returning({ id: schema.refreshTokenFamilies.id });
    await db
      .insert(schema.refreshTokens)
      .values({ family_id: row!.id, token_hash: randomUUID(), expires_at: absolute_expires_at });
    return row!.id;
  };
  const mail = (status: 'queued' | 'sent' | 'failed', at: Date) =>
    db
      .insert(schema.outboxMessages)
      .values({
        channel: 'mail',
        to: verified.email,
        body: 'hei',
        status,
        sent_at: status === 'sent' ? at : null,
        created_at: at,
      })
      .returning({ id: schema.outboxMessages.id })
      .then(([r]) => r!.id);
  const pendingEmail = async (expires_at: Date) => {
    const user = await createUser(t.db, { prefix: 'hk' });
    await db
      .update(schema.users)
      .set({
        pending_email: `ny-${randomUUID()}@test.no`,
        pending_email_token_hash: randomUUID(),
        pending_email_expires_at: expires_at,
      })
      .where(eq(schema.users.id, user.id));
    return user.id;
  };

  return {
    users: { verified: verified.id, unverified: unverified.id },
    gone: {
      codes: [await code(verified.id, ago(2 * DAY)), await code(unverified.id, ago(2 * DAY), ago(3 * DAY))],
      resets: [await reset(ago(2 * DAY)), await reset(ago(30 * DAY))],
      identities: [
        await identity(ago(2 * DAY), 'expired'),
        await identity(ago(2 * DAY), 'pending'),
        await identity(ago(3 * DAY), 'completed', unverified.id),
      ],
      families: [await family(ago(2 * DAY)), await family(ahead(20 * DAY), ago(2 * DAY))],
      mails: [await mail('sent', ago(31 * DAY))],
      emailChanges: [await pendingEmail(ago(2 * DAY))],
    },
    kept: {
      // Within the retention time, not expired, or (unverified, unused) the account's only way to a new code.
      codes: [
        await code(verified.id, ago(HOUR)),
        await code(verified.id, ahead(HOUR)),
        await code(unverified.id, ago(2 * DAY)),
      ],
      resets: [await reset(ago(HOUR)), await reset(ahead(HOUR))],
      // A completed session may register for one session lifetime after completing: a day is not enough.
      identities: [await identity(ago(DAY + 60_000), 'completed'), await identity(ahead(HOUR), 'pending')],
      families: [
        await family(ago(HOUR)),
        await family(ahead(20 * DAY), ago(HOUR)),
        await family(ahead(20 * DAY)),
      ],
      mails: [
        await mail('sent', ago(29 * DAY)),
        await mail('queued', ago(40 * DAY)),
        await mail('failed', ago(40 * DAY)),
      ],
      emailChanges: [await pendingEmail(ago(HOUR)), await pendingEmail(ahead(DAY))],
    },
  };
}

type Ids = Awaited<ReturnType<typeof insertRows>>['gone'];

/** Which of the given rows are still there (e-mail changes: still pending). */
async function present(ids: Ids) {
  const { db } = t;
  const [codes, resets, identities, families, tokens, mails, emailChanges] = await Promise.all([
    db
      .select({ id: schema.emailVerificationCodes.id })
      .from(schema.emailVerificationCodes)
      .where(inArray(schema.emailVerificationCodes.id, ids.codes)),
    db
      .select({ id: schema.passwordResetTokens.id })
      .from(schema.passwordResetTokens)
      .where(inArray(schema.passwordResetTokens.id, ids.resets)),
    db
      .select({ id: schema.identitySessions.id })
      .from(schema.identitySessions)
      .where(inArray(schema.identitySessions.id, ids.identities)),
    db
      .select({ id: schema.refreshTokenFamilies.id })
      .from(schema.refreshTokenFamilies)
      .where(inArray(schema.refreshTokenFamilies.id, ids.families)),
    db
      .select({ id: schema.refreshTokens.family_id })
      .from(schema.refreshTokens)
      .where(inArray(schema.refreshTokens.family_id, ids.families)),
    db
      .select({ id: schema.outboxMessages.id })
      .from(schema.outboxMessages)
      .where(inArray(schema.outboxMessages.id, ids.mails)),
    db
      .select({
        id: schema.users.id,
        pending: schema.users.pending_email,
        hash: schema.users.pending_email_token_hash,
      })
      .from(schema.users)
      .where(inArray(schema.users.id, ids.emailChanges)),
  ]);
  const sorted = (rows: { id: number | string }[]) => rows.map((r) => r.id).sort();
  return {
    codes: sorted(codes),
    resets: sorted(resets),
    identities: sorted(identities),
    families: sorted(families),
    familiesWithTokens: [...new Set(tokens.map((r) => r.id))].sort(),
    mails: sorted(mails),
    emailChanges: emailChanges
      .filter((r) => r.pending !== null || r.hash !== null)
      .map((r) => r.id)
      .sort(),
  };
}

const sortedIds = (ids: Ids) => ({
  codes: [...ids.codes].sort(),
  resets: [...ids.resets].sort(),
  identities: [...ids.identities].sort(),
  families: [...ids.families].sort(),
  familiesWithTokens: [...ids.families].sort(),
  mails: [...ids.mails].sort(),
  emailChanges: [...ids.emailChanges].sort(),
});

describe('housekeeping purge', () => {
  it('removes only what is past its retention time, in batches, and a second run finds nothing', async () => {
    const rows = await insertRows();
    const housekeeping = t.app.get(HousekeepingService);

    // A tiny batch makes every kind take several statements.
    const first = await housekeeping.purge({ batchSize: 1 });
    expect(first.emailVerificationCodes).toBeGreaterThanOrEqual(rows.gone.codes.length);
    expect(first.passwordResetTokens).toBeGreaterThanOrEqual(rows.gone.resets.length);
    expect(first.identitySessions).toBeGreaterThanOrEqual(rows.gone.identities.length);
    expect(first.refreshTokenFamilies).toBeGreaterThanOrEqual(rows.gone.families.length);
    expect(first.sentOutboxMessages).toBeGreaterThanOrEqual(rows.gone.mails.length);
    expect(first.emailChanges).toBeGreaterThanOrEqual(rows.gone.emailChanges.length);

    expect(await present(rows.gone)).toEqual(
      sortedIds({ codes: [], resets: [], identities: [], families: [], mails: [], emailChanges: [] }),
    );
    expect(await present(rows.kept)).toEqual(sortedIds(rows.kept));

    // The accounts themselves stay; the cleared e-mail change leaves the address as it was.
    const users = await t.db
      .select({ id: schema.users.id, email: schema.users.email, pending: schema.users.pending_email })
      .from(schema.users)
      .where(
        inArray(schema.users.id, [rows.users.verified, rows.users.unverified, ...rows.gone.emailChanges]),
      );
    expect(users).toHaveLength(3);
    expect(users.every((u) => u.pending === null && u.email.endsWith('@test.no'))).toBe(true);

    expect(await housekeeping.purge()).toEqual(NOTHING);
    expect(await present(rows.kept)).toEqual(sortedIds(rows.kept));
  });

  it('runs as a repeating job from start-up when an interval is configured', async () => {
    const rows = await insertRows();
    const scheduled = await createTestApp({ env: { HOUSEKEEPING_INTERVAL_MINUTES: '60' } });
    try {
      const deadline = Date.now() + 10_000;
      let left = await present(rows.gone);
      while (left.resets.length > 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        left = await present(rows.gone);
      }
      await scheduled.app.get(HousekeepingService).purge(); // settle: the scheduled run may still be going
      expect(await present(rows.gone)).toEqual(
        sortedIds({ codes: [], resets: [], identities: [], families: [], mails: [], emailChanges: [] }),
      );
      expect(await present(rows.kept)).toEqual(sortedIds(rows.kept));
    } finally {
      await scheduled.close();
    }
  });
});
