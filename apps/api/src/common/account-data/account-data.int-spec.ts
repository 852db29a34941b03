import { randomBytes } from 'node:crypto';
import { type FileKind, schema } from '@legenett/db';
import { eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, type TestApp, uniqueToken } from '../../../test/app';
import { createCompany, createUser, tokenFor } from '../../../test/auth';
import { insertReferenceFixtures } from '../../../test/fixtures';
import { Storage } from '../storage/storage';
import { AccountDataRegistry } from './account-data.registry';
import { AccountDataService } from './account-data.service';

/*
 * Account erasure and export cannot forget a table: every column that holds a users.id must have a
 * rule in some module's registered erase step (docs/how-to/erase-and-export-user-data.md), and
 * every rule must do what it says on an account that has rows in all of them.
 */

let t: TestApp;
let registry: AccountDataRegistry;
let service: AccountDataService;

beforeAll(async () => {
  t = await createTestApp();
  registry = t.app.get(AccountDataRegistry);
  service = t.app.get(AccountDataService);
});
afterAll(async () => {
  await t.close();
});

/** `table.column` pairs of the public schema, sorted. */
async function columns(query: ReturnType<typeof sql>): Promise<string[]> {
  const { rows } = await t.db.execute<{ name: string }>(query);
  return rows.map((r) => r.name).sort();
}

/** Every foreign key to users.id, as PostgreSQL itself knows them. */
const foreignKeysToUsers = () =>
  columns(sql`
    select distinct cl.relname || '.' || a.attname as name
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_namespace n on n.oid = cl.relnamespace
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
    where c.contype = 'f' and c.confrelid = 'public.users'::regclass and n.nspname = 'public'`);

/** Columns named like a user reference, with or without a foreign key (a forgotten `references()` must not hide one). */
const userLikeColumns = () =>
  columns(sql`
    select table_name || '.' || column_name as name
    from information_schema.columns
    where table_schema = 'public' and table_name <> 'users'
      and column_name ~ '(^|_)(user_id|owner_id|user_ids)$'`);

const count = async (column: string, userId: number): Promise<number> => {
  const [table, name] = column.split('.') as [string, string];
  const { rows } = await t.db.execute<{ n: number }>(
    name.endsWith('_ids')
      ? sql`select count(*)::int as n from ${sql.identifier(table)} where ${userId}::int = any(${sql.identifier(name)})`
      : sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(name)} = ${userId}`,
  );
  return rows[0]!.n;
};

describe('account data rules', () => {
  it('has a rule for every column that points at users.id', async () => {
    const declared = new Set<string>(registry.rules().map((r) => r.column));
    const needed = [...new Set([...(await foreignKeysToUsers()), ...(await userLikeColumns())])];
    const missing = needed.filter((c) => !declared.has(c));
    // A new table with a user column needs a rule in its module's <area>.account-data.ts.
    expect(missing).toEqual([]);
    expect(needed.length).toBeGreaterThan(40);
  });

  it('has no rule for a column that does not exist', async () => {
    const existing = new Set(
      await columns(
        sql`select table_name || '.' || column_name as name from information_schema.columns where table_schema = 'public'`,
      ),
    );
    expect(registry.rules().filter((r) => !existing.has(r.column))).toEqual([]);
  });

  it('gives every rule a reason, and every kept reference says why', () => {
    for (const rule of registry.rules()) expect(rule.why.trim().length).toBeGreaterThan(5);
  });

  it('exports exactly the sections the rules name', async () => {
    const user = await createUser(t.db);
    const sections = Object.keys(await service.export(user.id)).sort();
    const named = registry
      .rules()
      .map((r) => r.exportedAs)
      .filter((s): s is string => s !== null)
      .sort();
    expect(sections).toEqual(named);
  });

  it('refuses a second rule for a column another step handles', () => {
    const other = new AccountDataRegistry();
    other.registerEraser({
      name: 'a',
      rules: [{ column: 'jobs.user_id', does: 'delete', why: 'test', exportedAs: null }],
      erase: async () => {},
    });
    expect(() =>
      other.registerEraser({
        name: 'b',
        rules: [{ column: 'jobs.user_id', does: 'keep', why: 'test', exportedAs: null }],
        erase: async () => {},
      }),
    ).toThrow(/jobs\.user_id/);
  });
});

/** A storage key of the shape the API writes (`area/<32 hex>-lg.webp`). */
const key = (area: string, ext = 'webp') =>
  `${area}/${randomBytes(16).toString('hex')}${ext === 'pdf' ? '' : '-lg'}.${ext}`;

/** The owners of these stored files, in the order of the keys (a key with no row is left out). */
async function fileOwners(keys: readonly string[]): Promise<(number | null)[]> {
  if (keys.length === 0) return [];
  const rows = await t.db
    .select({ key: schema.storedFiles.storage_key, owner: schema.storedFiles.owner_user_id })
    .from(schema.storedFiles)
    .where(inArray(schema.storedFiles.storage_key, [...keys]));
  const byKey = new Map(rows.map((r) => [r.key, r.owner]));
  return keys.filter((k) => byKey.has(k)).map((k) => byKey.get(k)!);
}

/** A `stored_files` main row (an image also gets its `sm` row); answers its id, key and `sm` key. */
async function storedFile(kind: FileKind, owner: number | null, ext = 'webp') {
  const area = ext === 'pdf' ? 'petitions' : ext === 'mp4' ? 'videos' : 'images';
  const main = key(area, ext);
  const image = ext === 'webp';
  const contentType = image ? 'image/webp' : ext === 'pdf' ? 'application/pdf' : 'video/mp4';
  const [row] = await t.db
    .insert(schema.storedFiles)
    .values({ storage_key: main, kind, content_type: contentType, size_bytes: 10, owner_user_id: owner, variant: image ? 'lg' : null })
    .returning({ id: schema.storedFiles.id });
  const sm = image ? main.replace(/-lg\.webp$/, '-sm.webp') : null;
  if (sm) {
    await t.db
      .insert(schema.storedFiles)
      .values({ storage_key: sm, kind, content_type: contentType, size_bytes: 5, owner_user_id: owner, original_id: row!.id, variant: 'sm' });
  }
  return { id: row!.id, key: main, sm };
}

/** An account with rows in every table that has a rule, and someone else whose content it touched. */
async function richAccount() {
  const token = uniqueToken();
  const fx = await insertReferenceFixtures(t.db, token);
  const x = await createUser(t.db, { prefix: 'erase' });
  const y = await createUser(t.db, { prefix: 'other' });
  const s = schema;
  // The person's files: those only erased rows use go, those something kept uses stay without owner.
  const files = {
    avatar: await storedFile('avatar', x.id),
    post: await storedFile('post_image', x.id),
    product: await storedFile('product_image', x.id),
    upload: await storedFile('image', x.id),
    jobLogo: await storedFile('job_logo', x.id),
    draftVideo: await storedFile('course_video', x.id, 'mp4'),
    draftPdf: await storedFile('petition_attachment', x.id, 'pdf'),
    companyLogo: await storedFile('company_logo', x.id),
    companyPostImage: await storedFile('post_image', x.id),
    keptVideo: await storedFile('course_video', x.id, 'mp4'),
    otherPetitionPdf: await storedFile('petition_attachment', x.id, 'pdf'),
    messageImage: await storedFile('message_image', x.id),
    /** Someone else's file on the person's content: not the person's to erase. */
    theirImage: await storedFile('post_image', y.id),
  };
  await t.db.update(s.users).set({ avatar_file_id: files.avatar.id }).where(eq(s.users.id, x.id));

  await t.db.insert(s.userSpecialties).values({ user_id: x.id, specialty_id: fx.specialty.id });
  await t.db.insert(s.customWorkplaces).values({ name: `Privat praksis ${token}`, created_by_user_id: x.id });
  await t.db
    .insert(s.professionalExperiences)
    .values({ user_id: x.id, workplace_type: 'other', employer: 'Legevakt', started_at: '2010-01-01' });
  await t.db
    .insert(s.educations)
    .values({ user_id: x.id, university_id: fx.university.id, started_at: '2003-08-01' });
  await tokenFor(t, x);
  const later = new Date(Date.now() + 3_600_000);
  await t.db.insert(s.recoveryCodes).values({ user_id: x.id, code_hash: `rc-${token}` });
  await t.db
    .insert(s.passwordResetTokens)
    .values({ user_id: x.id, token_hash: `pr-${token}`, expires_at: later });
  await t.db
    .insert(s.emailVerificationCodes)
    .values({ user_id: x.id, code_hash: `ev-${token}`, expires_at: later });
  await t.db
    .insert(s.identitySessions)
    .values({ user_id: x.id, expires_at: later, person_first_name: 'Kari' });
  await t.db.insert(s.accountDecisions).values([
    { user_id: x.id, admin_user_id: y.id, decision: 'approved' },
    { user_id: y.id, admin_user_id: x.id, decision: 'approved' },
  ]);
  await t.db.insert(s.userFollows).values([
    { follower_id: x.id, followed_user_id: y.id },
    { follower_id: y.id, followed_user_id: x.id },
  ]);

  const managed = await createCompany(t.db, { managers: [x.id] });
  const theirs = await createCompany(t.db, { managers: [y.id] });
  await t.db
    .update(s.partnerCompanies)
    .set({ created_by_user_id: x.id, logo_file_id: files.companyLogo.id })
    .where(eq(s.partnerCompanies.id, managed.id));
  await t.db.insert(s.partnerCompanyFollowers).values({ partner_company_id: theirs.id, user_id: x.id });
  await t.db.insert(s.followInvitations).values([
    { partner_company_id: theirs.id, invited_user_id: x.id, invited_by_user_id: y.id },
    { partner_company_id: managed.id, invited_user_id: y.id, invited_by_user_id: x.id },
  ]);

  const [ownPost] = await t.db
    .insert(s.posts)
    .values({ slug: `p-${token}`, author_user_id: x.id, body: 'Mitt innlegg' })
    .returning();
  await t.db.insert(s.postAttachments).values([
    { post_id: ownPost!.id, kind: 'image', file_id: files.post.id },
    { post_id: ownPost!.id, kind: 'image', file_id: files.theirImage.id, position: 1 },
  ]);
  const [otherPost] = await t.db
    .insert(s.posts)
    .values({ slug: `q-${token}`, author_user_id: y.id })
    .returning();
  const [companyPost] = await t.db
    .insert(s.posts)
    .values({
      slug: `c-${token}`,
      partner_company_id: managed.id,
      created_by_user_id: x.id,
      body: 'Fra firmaet',
    })
    .returning();
  await t.db.insert(s.postAttachments).values({ post_id: companyPost!.id, kind: 'image', file_id: files.companyPostImage.id });
  await t.db.insert(s.postComments).values({ post_id: otherPost!.id, author_user_id: x.id, body: 'Enig' });
  await t.db.insert(s.postLikes).values({ post_id: otherPost!.id, user_id: x.id });
  // Mentions, alerts and their matches (modules/mentions, modules/alerts).
  await t.db.insert(s.postMentions).values({ post_id: otherPost!.id, user_id: x.id });
  const [alert] = await t.db.insert(s.alerts).values({ user_id: x.id, type: 'job', name: 'Jobber', frequency: 'daily' }).returning();
  await t.db.insert(s.alertMatches).values({ alert_id: alert!.id, user_id: x.id, item_type: 'job', item_id: 1, frequency: 'daily', title: 'Lege' });

  const job = {
    title: 'Lege',
    position_type: 'full_time' as const,
    application_deadline: '2099-01-01',
    company_name: 'Sykehuset',
  };
  await t.db.insert(s.jobs).values({ ...job, user_id: x.id, company_logo_file_id: files.jobLogo.id });
  const [otherJob] = await t.db
    .insert(s.jobs)
    .values({ ...job, user_id: y.id })
    .returning();
  await t.db.insert(s.jobViews).values({ job_id: otherJob!.id, user_id: x.id });

  const [ownProduct] = await t.db
    .insert(s.products)
    .values({ title: 'Stetoskop', price_nok: 100, user_id: x.id })
    .returning();
  await t.db.insert(s.productImages).values({ product_id: ownProduct!.id, file_id: files.product.id });
  const [otherProduct] = await t.db
    .insert(s.products)
    .values({ title: 'Otoskop', price_nok: 50, user_id: y.id })
    .returning();
  await t.db.insert(s.productViews).values({ product_id: otherProduct!.id, user_id: x.id });

  // The media archive: a saved position, the resume setting, a podcast feed (modules/media).
  await t.db.insert(s.mediaPositions).values({ user_id: x.id, kind: 'video', item_id: 1, position_seconds: 30 });
  await t.db.insert(s.mediaPreferences).values({ user_id: x.id, resume: false });
  await t.db.insert(s.podcastFeeds).values({ user_id: x.id, token_hash: `hash-${x.id}`, expires_at: later });

  const [ownEntry, otherEntry] = await t.db
    .insert(s.notificationGroups)
    .values([
      { user_id: x.id, kind: 'new_follower' },
      { user_id: y.id, actor_user_id: x.id, kind: 'like' },
    ])
    .returning();
  await t.db.insert(s.notifications).values([
    { user_id: x.id, kind: 'new_follower', group_id: ownEntry!.id },
    { user_id: y.id, actor_user_id: x.id, kind: 'like', group_id: otherEntry!.id },
  ]);
  await t.db.insert(s.notificationPreferences).values({ user_id: x.id, digest: 'daily' });
  await t.db.insert(s.digestRuns).values({ user_id: x.id, period_key: 'd:2026-11-27' });
  await t.db.insert(s.pushSubscriptions).values({ user_id: x.id, endpoint: `https://push.example.org/send/${x.id}`, p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22), device_browser: 'Chrome', device_system: 'Android' });
  await t.db.insert(s.outboxMessages).values({ channel: 'mail', to: x.email, user_id: x.id, body: 'Hei' });
  await t.db.insert(s.jobOutbox).values({ name: 'notifications.create', payload: { user_id: x.id }, user_ids: [x.id], status: 'done' });

  const course = { type: 'course' as const, title: 'Kurs', start_at: later, duration_minutes: 60, ends_at: new Date(later.getTime() + 60 * 60_000) };
  await t.db
    .insert(s.courses)
    .values({ ...course, user_id: x.id, status: 'draft', video_file_id: files.draftVideo.id });
  const [keptCourse] = await t.db
    .insert(s.courses)
    .values({ ...course, user_id: x.id, status: 'approved', video_file_id: files.keptVideo.id })
    .returning();
  const [otherCourse] = await t.db
    .insert(s.courses)
    .values({ ...course, user_id: y.id, status: 'approved', reviewed_by_user_id: x.id })
    .returning();
  await t.db.insert(s.courseSubscriptions).values({ course_id: otherCourse!.id, user_id: x.id });
  await t.db.insert(s.courseViewRecords).values({ course_id: otherCourse!.id, user_id: x.id });
  await t.db.insert(s.courseModerationDecisions).values({ course_id: otherCourse!.id, admin_user_id: x.id, decision: 'approved' });
  await t.db.insert(s.courseCertificates).values({
    code: `X${Math.random().toString(36).slice(2, 12).toUpperCase()}`.padEnd(20, '0'),
    user_id: x.id,
    course_id: otherCourse!.id,
    holder_name: 'X',
    course_title: 'Kurs',
    course_type: 'course',
    course_start_at: later,
    duration_minutes: 60,
    organiser: 'Y',
    minutes_watched: 60,
  });
  await t.db.insert(s.courseJoinRequests).values({ course_id: otherCourse!.id, user_id: x.id });
  await t.db.insert(s.courseJoinRequests).values({ course_id: keptCourse!.id, user_id: y.id, status: 'accepted', decided_by_user_id: x.id });
  const [meeting] = await t.db
    .insert(s.courseMeetings)
    .values({ course_id: otherCourse!.id, held_on: '2026-09-15', topic: 'Astma', hours: 2, created_by_user_id: x.id })
    .returning();
  await t.db.insert(s.courseMeetingAttendance).values({ meeting_id: meeting!.id, user_id: x.id });

  const [draftPetition] = await t.db
    .insert(s.petitions)
    .values({ title: 'Utkast', user_id: x.id, status: 'draft' })
    .returning();
  const [keptPetition] = await t.db
    .insert(s.petitions)
    .values({ title: 'Aktiv', user_id: x.id, status: 'active' })
    .returning();
  const [otherPetition] = await t.db
    .insert(s.petitions)
    .values({ title: 'Deres', user_id: y.id, status: 'active', signatures_count: 1, log_length: 1 })
    .returning();
  await t.db.insert(s.petitionAttachments).values([
    { petition_id: draftPetition!.id, file_id: files.draftPdf.id, uploaded_by_user_id: x.id },
    { petition_id: otherPetition!.id, file_id: files.otherPetitionPdf.id, uploaded_by_user_id: x.id },
  ]);
  const [entry] = await t.db
    .insert(s.petitionLogPending)
    .values({ petition_id: otherPetition!.id, action: 'sign', signer: 'test', salt: 'test', created_at: new Date(), signed_day: '2026-01-01' })
    .returning();
  await t.db.insert(s.petitionSignatures).values({ petition_id: otherPetition!.id, user_id: x.id, log_entry_id: entry!.id });
  await t.db.insert(s.petitionBookmarks).values({ petition_id: otherPetition!.id, user_id: x.id });
  await t.db
    .insert(s.petitionCoAuthors)
    .values({ petition_id: otherPetition!.id, user_id: x.id, name: 'Kari Nordmann' });
  await t.db
    .insert(s.petitionPressReleases)
    .values({ petition_id: otherPetition!.id, sent_by_user_id: x.id, body: 'Pressemelding' });

  // Messages (modules/messages): a conversation with a message and a file of the person's, a group
  // they started, settings, blocks both ways, and reports they made, were the subject of, decided.
  const [chat] = await t.db.insert(s.conversations).values({ kind: 'direct', direct_key: `u${x.id}:u${y.id}`, created_by_user_id: x.id, last_seq: 2 }).returning();
  await t.db.insert(s.conversationParticipants).values([
    { conversation_id: chat!.id, user_id: x.id },
    { conversation_id: chat!.id, user_id: y.id },
  ]);
  const [ownMessage] = await t.db.insert(s.messages).values({ conversation_id: chat!.id, seq: 1, sender_user_id: x.id, body: 'Hemmelig tekst' }).returning();
  const [theirMessage] = await t.db.insert(s.messages).values({ conversation_id: chat!.id, seq: 2, sender_user_id: y.id, body: 'Svar' }).returning();
  await t.db.insert(s.messageAttachments).values({ message_id: ownMessage!.id, kind: 'image', file_id: files.messageImage.id });
  await t.db.insert(s.messagingSettings).values({ user_id: x.id, who_can_message: 'mutual' });
  await t.db.insert(s.userBlocks).values([
    { blocker_user_id: x.id, blocked_user_id: y.id },
    { blocker_user_id: y.id, blocked_user_id: x.id },
  ]);
  await t.db.insert(s.userCompanyBlocks).values({ blocker_user_id: x.id, blocked_company_id: theirs.id });
  await t.db.insert(s.messageReports).values([
    { conversation_id: chat!.id, reporter_user_id: x.id, reported_user_id: y.id, decided_by_user_id: x.id, status: 'dismissed', messages: [] },
    { conversation_id: chat!.id, reporter_user_id: y.id, reported_user_id: x.id, messages: [] },
  ]);
  // A sweep x asked for as an administrator; what it found in x's message, and a finding of y's that x settled.
  const [sweep] = await t.db.insert(s.guardSweeps).values({ reason: 'manual', rules_version: 1, status: 'done', requested_by_user_id: x.id }).returning();
  await t.db.insert(s.guardFindings).values([
    { source: 'message', content_id: ownMessage!.id, field: 'body', author_user_id: x.id, content_created_at: new Date(), masked: '******-***46', number_hash: 'x', first_sweep_id: sweep!.id },
    { source: 'message', content_id: theirMessage!.id, field: 'body', author_user_id: y.id, content_created_at: new Date(), masked: '******-***46', number_hash: 'y', status: 'removed', handled_by_user_id: x.id },
  ]);

  return {
    x,
    y,
    files,
    ownMessage: ownMessage!,
    theirMessage: theirMessage!,
    companyPost: companyPost!,
    keptCourse: keptCourse!,
    keptPetition: keptPetition!,
    draftPetition: draftPetition!,
  };
}

describe('erasing an account with rows everywhere', () => {
  it('exports every section, then does what every rule says in one go and removes the files after', async () => {
    const a = await richAccount();
    const rules = registry.rules().filter((r) => r.column !== 'users.id');

    // The fixture has a row for every rule, so each rule below is really exercised.
    const uncovered: string[] = [];
    for (const rule of rules) if ((await count(rule.column, a.x.id)) === 0) uncovered.push(rule.column);
    expect(uncovered).toEqual([]);

    const exported = await service.export(a.x.id);
    const empty = Object.entries(exported)
      .filter(([, rows]) => rows.length === 0)
      .map(([name]) => name);
    expect(empty).toEqual([]);
    expect(JSON.stringify(exported)).not.toMatch(
      /password_hash|two_factor_secret|token_hash|code_hash|national_id_hash/,
    );

    const storage = t.app.get(Storage);
    const removed = jest.spyOn(storage, 'delete');
    try {
      await service.erase(a.x.id, 'Bytter jobb', new Date());
      // Files only erased rows used go, every size, rows and objects (after the commit).
      const { avatar, post, product, upload, jobLogo, draftVideo, draftPdf, messageImage } = a.files;
      const gone = [avatar, post, product, upload, jobLogo, draftVideo, draftPdf, messageImage].flatMap((f) => [f.key, f.sm]);
      const goneKeys = gone.filter((k): k is string => k !== null);
      expect(removed.mock.calls.map(([k]) => k).sort()).toEqual(goneKeys.sort());
      expect(await fileOwners(goneKeys)).toEqual([]);
    } finally {
      removed.mockRestore();
    }
    // Files something that stays still uses keep their rows, without the person as owner; someone
    // else's file on the person's erased post is theirs.
    const { companyLogo, companyPostImage, keptVideo, otherPetitionPdf, theirImage } = a.files;
    const kept = [companyLogo, companyPostImage, keptVideo, otherPetitionPdf].flatMap((f) => [f.key, f.sm]);
    expect(await fileOwners(kept.filter((k): k is string => k !== null))).toEqual(
      kept.filter((k): k is string => k !== null).map(() => null),
    );
    expect(await fileOwners([theirImage.key])).toEqual([a.y.id]);

    const left: string[] = [];
    for (const rule of rules) {
      const n = await count(rule.column, a.x.id);
      if ((rule.does === 'delete' || rule.does === 'set null') && n > 0)
        left.push(`${rule.column}: ${n} left`);
      if (rule.does === 'keep' && n === 0) left.push(`${rule.column}: kept rows are gone`);
    }
    expect(left).toEqual([]);

    // "delete or keep": what others took part in stays, with the tombstone as author.
    const s = schema;
    expect(
      await t.db.select({ id: s.courses.id }).from(s.courses).where(eq(s.courses.user_id, a.x.id)),
    ).toEqual([{ id: a.keptCourse.id }]);
    expect(
      await t.db.select({ id: s.petitions.id }).from(s.petitions).where(eq(s.petitions.user_id, a.x.id)),
    ).toEqual([{ id: a.keptPetition.id }]);
    expect(await t.db.select().from(s.posts).where(eq(s.posts.id, a.companyPost.id))).toHaveLength(1);
    const [user] = await t.db.select().from(s.users).where(eq(s.users.id, a.x.id));
    expect(user).toMatchObject({
      email: `deleted-${a.x.id}@deleted.invalid`,
      first_name: 'Slettet',
      reason_to_delete: 'Bytter jobb',
    });
    expect(user!.deleted_at).toBeInstanceOf(Date);
    // The other person keeps their own content.
    expect(await count('posts.author_user_id', a.y.id)).toBe(1);
    // Messages: the person's text is gone ("deleted user" to the others), the other's reply stays.
    const history = await t.db.select().from(s.messages).where(eq(s.messages.conversation_id, a.ownMessage.conversation_id)).orderBy(s.messages.seq);
    expect(history.map((m) => [m.seq, m.sender_user_id, m.body, m.deleted_at !== null])).toEqual([
      [1, null, '', true],
      [2, a.y.id, 'Svar', false],
    ]);
    expect(exported.messages?.map((m) => (m as { body: string }).body)).toEqual(['Hemmelig tekst']);
  });

  it('changes nothing and removes no file when one step fails', async () => {
    const a = await richAccount();
    registry.registerEraser({
      name: `failing step for user ${a.x.id}`,
      rules: [],
      erase: async (_tx, userId) => {
        if (userId === a.x.id) throw new Error('step failed');
      },
    });
    const storage = t.app.get(Storage);
    const removed = jest.spyOn(storage, 'delete');
    try {
      await expect(service.erase(a.x.id, 'x', new Date())).rejects.toThrow('step failed');
      expect(removed).not.toHaveBeenCalled();
    } finally {
      removed.mockRestore();
    }
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.id, a.x.id));
    expect(user).toMatchObject({ email: a.x.email, deleted_at: null });
    expect(await count('jobs.user_id', a.x.id)).toBe(1);
    expect(await count('petitions.user_id', a.x.id)).toBe(2);
    expect(await fileOwners([a.files.avatar.key, a.files.post.key])).toEqual([a.x.id, a.x.id]);
  });
});
