import { schema, type Database } from '@legenett/db';
import { hashNationalId, logSigner, newLogSalt } from '@legenett/shared';
import { hash } from 'bcrypt';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  ADMIN,
  AUDIO,
  COMPANIES,
  COURSES,
  EDUCATIONS,
  EXPERIENCES,
  FOLLOW_INVITATIONS,
  JOBS,
  PETITIONS,
  POSTS,
  PRODUCTS,
  USER_FOLLOWS,
  VIDEOS,
  type MediaSeed,
} from './data/content';
import { DEMO_PASSWORD, DEMO_USERS, TEST_PERSONS, nationalIdOf } from './data/people';
import { type Executor, upsertByKey } from './upsert';
import { seedMessages } from './messages';
import { seedCourseRecords } from './course-records';
import {
  DEMO_CAPTION_CUES,
  type DemoFile,
  type DemoMedia,
  demoFfmpeg,
  localUploadsDir,
  makeDemoMedia,
  makeDemoPhoto,
} from './media-files';

const s = schema;

export const BCRYPT_COST = 12;

export { hashNationalId };

/** The documented demo logins (README and the start script print them). */
export const DEMO_ACCOUNTS: ReadonlyArray<{ email: string; password: string; description: string }> =
  DEMO_USERS.flatMap((u) =>
    u.demo ? [{ email: u.email, password: DEMO_PASSWORD, description: u.demo }] : [],
  );

export interface DemoOptions {
  /** "Now" for the relative dates (tests may pin it); default the current time. */
  now?: Date;
  nationalIdKey?: string;
  log?: (msg: string) => void;
  /** Where demo media files go (see SeedOptions); default from DATA_DIR and STORAGE_DRIVER. */
  mediaUploadsDir?: string | null;
  /**
   * `now` (default): the demo videos, audio and product photos are made with the rest. `later`: they
   * are left out, for `seedDemoMedia` to add once the server answers (`npm start`: ffmpeg's part of
   * the first start is most of the seed, docs/performance/start.md).
   */
  mediaFiles?: 'now' | 'later';
}

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Points in time relative to the start of the seeding day (Norwegian wall-clock hours, as UTC+1). */
export function demoClock(now: Date) {
  const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const at = (days: number, hour = 9, minute = 0) =>
    new Date(dayStart + days * DAY + (hour - 1) * HOUR + minute * 60_000);
  const date = (days: number) => new Date(dayStart + days * DAY).toISOString().slice(0, 10);
  /** Start of the current hour: a 2-hour webinar starting then is live for at least an hour after seeding. */
  const currentHour = new Date(Math.floor(now.getTime() / HOUR) * HOUR);
  return { at, date, currentHour, now };
}

function need<K, V>(map: ReadonlyMap<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Demo data refers to unknown ${what}: ${String(key)}`);
  return value;
}

const byCode = (rows: Array<{ id: number; code: string }>) => new Map(rows.map((r) => [r.code, r.id]));

async function loadReference(tx: Executor) {
  const cityRows = await tx
    .select({ id: s.cities.id, code: s.cities.code, county_id: s.cities.county_id })
    .from(s.cities);
  const hospitalRows = await tx
    .select({ id: s.hospitals.id, code: s.hospitals.code, city_id: s.hospitals.city_id })
    .from(s.hospitals);
  const categoryRows = await tx
    .select({ id: s.categories.id, code: s.categories.code, type: s.categories.type })
    .from(s.categories);
  return {
    cities: new Map(cityRows.map((r) => [r.code, r])),
    hospitals: new Map(hospitalRows.map((r) => [r.code, r])),
    clinics: byCode(await tx.select({ id: s.clinics.id, code: s.clinics.code }).from(s.clinics)),
    specialties: byCode(
      await tx.select({ id: s.specialties.id, code: s.specialties.code }).from(s.specialties),
    ),
    jobCategories: byCode(
      await tx.select({ id: s.jobCategories.id, code: s.jobCategories.code }).from(s.jobCategories),
    ),
    situations: byCode(
      await tx
        .select({ id: s.workplaceSituations.id, code: s.workplaceSituations.code })
        .from(s.workplaceSituations),
    ),
    roles: byCode(await tx.select({ id: s.roles.id, code: s.roles.code }).from(s.roles)),
    universities: byCode(
      await tx.select({ id: s.universities.id, code: s.universities.code }).from(s.universities),
    ),
    fields: byCode(
      await tx
        .select({ id: s.universitySpecialties.id, code: s.universitySpecialties.code })
        .from(s.universitySpecialties),
    ),
    levels: byCode(
      await tx.select({ id: s.academicLevels.id, code: s.academicLevels.code }).from(s.academicLevels),
    ),
    categories: new Map(categoryRows.map((r) => [`${r.type}:${r.code}`, r.id])),
  };
}

type Reference = Awaited<ReturnType<typeof loadReference>>;

/** Counts what was inserted per kind, for the log line. */
class Tally {
  private readonly counts = new Map<string, number>();
  add(kind: string, n = 1): void {
    if (n > 0) this.counts.set(kind, (this.counts.get(kind) ?? 0) + n);
  }
  count(kind: string): number {
    return this.counts.get(kind) ?? 0;
  }
  toString(): string {
    return this.counts.size === 0 ? 'nothing new' : [...this.counts].map(([k, n]) => `${n} ${k}`).join(', ');
  }
}

/**
 * Demo accounts and content. Everything is found by a natural key first (e-mail, slug, owner + title,
 * url, ...) and only inserted when missing; rows that exist are left as they are, so seeding again
 * changes nothing and never duplicates.
 */
export async function seedDemo(db: Database, options: DemoOptions = {}): Promise<void> {
  const log = options.log ?? (() => undefined);
  const clock = demoClock(options.now ?? new Date());
  const key = options.nationalIdKey ?? process.env.NATIONAL_ID_HASH_KEY;
  // The API must hash with the same key to find the demo persons; a committed default would be public.
  if (!key) throw new Error('Set NATIONAL_ID_HASH_KEY (the key the API uses) to seed the demo accounts');
  const tally = new Tally();

  // bcrypt at cost 12 is slow: hash once, and only when an account is actually missing.
  const existingEmails = new Set(
    (
      await db
        .select({ email: s.users.email })
        .from(s.users)
        .where(
          inArray(
            s.users.email,
            DEMO_USERS.map((u) => u.email),
          ),
        )
    ).map((r) => r.email.toLowerCase()),
  );
  const passwordHash = DEMO_USERS.some((u) => !existingEmails.has(u.email))
    ? await hash(DEMO_PASSWORD, BCRYPT_COST)
    : '';

  const uploadsDir = options.mediaUploadsDir === undefined ? localUploadsDir() : options.mediaUploadsDir;
  // One lookup for the demo's videos, audio and photos: where ffmpeg comes from (or why none), said once.
  const mediaNow = options.mediaFiles !== 'later';
  const ffmpeg = uploadsDir === null || !mediaNow ? null : demoFfmpeg();
  const filesDir = ffmpeg?.path ? uploadsDir : null;
  await db.transaction(async (tx) => {
    const ref = await loadReference(tx);
    const users = await seedUsers(tx, ref, clock, key, passwordHash, tally);
    const companies = await seedCompanies(tx, ref, users, clock, tally);
    await seedProfiles(tx, ref, users, tally);
    const jobIds = await seedJobs(tx, ref, users, companies, clock, tally);
    await seedProducts(tx, ref, users, clock, tally, filesDir);
    const courseIds = await seedCourses(tx, ref, users, companies, clock, tally);
    await seedCourseRecords(tx, users, courseIds, clock.date, tally);
    const petitionIds = await seedPetitions(tx, ref, users, clock, tally);
    const postIds = await seedPosts(tx, users, companies, petitionIds, clock, tally);
    if (mediaNow) await seedMedia(tx, ref, clock, tally, filesDir);
    await seedNotifications(tx, users, companies, postIds, courseIds, jobIds, clock, tally);
    tally.add('conversations', await seedMessages(tx, users, companies, clock));
    await refreshCounters(
      tx,
      [...companies.values()],
      [...postIds.values()],
      [...petitionIds.values()],
      [...courseIds.values()],
    );
  });
  log(`demo content: ${tally.toString()}`);
  if (mediaNow) log(demoMediaLine(uploadsDir, ffmpeg, tally));
}

/**
 * The demo's media files, on their own: the video and audio items that are missing (with their files)
 * and a photo for each demo product that has none. Idempotent, and quick when nothing is missing (no
 * ffmpeg run then); says nothing then. Does nothing before the demo accounts exist.
 */
export async function seedDemoMedia(db: Database, options: Pick<DemoOptions, 'log' | 'now' | 'mediaUploadsDir'> = {}): Promise<void> {
  const log = options.log ?? (() => undefined);
  const clock = demoClock(options.now ?? new Date());
  const tally = new Tally();
  const uploadsDir = options.mediaUploadsDir === undefined ? localUploadsDir() : options.mediaUploadsDir;
  const ffmpeg = uploadsDir === null ? null : demoFfmpeg();
  const filesDir = ffmpeg?.path ? uploadsDir : null;
  let demo = false;
  await db.transaction(async (tx) => {
    const owners = await tx
      .select({ id: s.users.id })
      .from(s.users)
      .where(inArray(s.users.email, [...new Set(PRODUCTS.map((p) => p.owner))]));
    if (owners.length === 0) return;
    demo = true;
    const ref = await loadReference(tx);
    await seedMedia(tx, ref, clock, tally, filesDir);
    if (filesDir === null) return;
    // Demo products (owner and title) without a photo.
    const bare = await tx
      .select({ id: s.products.id, user_id: s.products.user_id })
      .from(s.products)
      .leftJoin(s.productImages, eq(s.productImages.product_id, s.products.id))
      .where(
        and(
          inArray(s.products.title, PRODUCTS.map((p) => p.title)),
          inArray(s.products.user_id, owners.map((o) => o.id)),
          isNull(s.productImages.product_id),
        ),
      )
      .orderBy(s.products.id);
    await addProductPhotos(tx, bare, filesDir, tally);
  });
  const made = tally.count('video files') + tally.count('audio files') + tally.count('product photos');
  if (demo && (made > 0 || !ffmpeg?.path)) log(demoMediaLine(uploadsDir, ffmpeg, tally));
}

/** The seed's one line on demo media: what it made with which ffmpeg, or why it made none. */
function demoMediaLine(uploadsDir: string | null, ffmpeg: { path: string | null; summary: string } | null, tally: Tally): string {
  if (uploadsDir === null) {
    return 'demo media: STORAGE_DRIVER=s3, so no demo video, audio or product photo files are made (upload them in /admin/media)';
  }
  if (!ffmpeg?.path) {
    return (
      `demo media: no ffmpeg (${ffmpeg?.summary ?? 'not looked up'}), so demo videos and audio have no playable files and demo products no photos; ` +
      'install the Debian package "ffmpeg" or reinstall (npm ci) to get the packaged one'
    );
  }
  const made = tally.count('video files') + tally.count('audio files') + tally.count('product photos');
  return made === 0
    ? `demo media: nothing new to make (${ffmpeg.summary})`
    : `demo media: ${tally.count('video files')} video and ${tally.count('audio files')} audio files, ${tally.count('product photos')} product photos made in ${uploadsDir} with ${ffmpeg.summary}`;
}

type Clock = ReturnType<typeof demoClock>;
type Ids = ReadonlyMap<string, number>;

async function seedUsers(
  tx: Executor,
  ref: Reference,
  clock: Clock,
  key: string,
  passwordHash: string,
  tally: Tally,
): Promise<Map<string, number>> {
  // The health-personnel register: reference-like, upserted by HPR number.
  tally.add(
    'register persons',
    await upsertByKey(
      tx,
      s.hprRegister,
      TEST_PERSONS.map((p) => ({
        hpr_number: p.hpr_number,
        national_id_hash: hashNationalId(p.national_id, key),
        first_name: p.first_name,
        last_name: p.last_name,
        birth_date: p.birth_date,
        profession: p.profession,
        has_authorisation: p.has_authorisation,
        has_licence: p.has_licence,
        specialty_codes: [...p.specialty_codes],
      })),
      ['hpr_number'],
      [
        'national_id_hash',
        'first_name',
        'last_name',
        'birth_date',
        'profession',
        'has_authorisation',
        'has_licence',
        'specialty_codes',
      ],
    ),
  );

  const existing = await tx
    .select({ id: s.users.id, email: s.users.email })
    .from(s.users)
    .where(
      inArray(
        s.users.email,
        DEMO_USERS.map((u) => u.email),
      ),
    );
  const ids = new Map(existing.map((r) => [r.email.toLowerCase(), r.id]));
  const created = clock.at(-180);

  for (const [index, u] of DEMO_USERS.entries()) {
    if (!ids.has(u.email)) {
      const [row] = await tx
        .insert(s.users)
        .values({
          email: u.email,
          password_hash: passwordHash,
          first_name: u.first_name,
          last_name: u.last_name,
          slug: u.slug,
          phone: u.phone,
          birth_date: u.birth_date,
          national_id_hash: hashNationalId(nationalIdOf(u, index), key),
          status: u.status,
          locale: 'no',
          registered_via: u.register ? 'identity_provider' : 'hpr_number',
          terms_accepted_at: created,
          no_sensitive_info_accepted_at: created,
          email_verified_at: created,
          created_at: created,
          updated_at: created,
        })
        .returning({ id: s.users.id });
      if (!row) throw new Error(`Could not create ${u.email}`);
      ids.set(u.email, row.id);
      tally.add('users');
    }
    const userId = need(ids, u.email, 'user');
    const city = need(ref.cities, u.cityCode, 'city');
    const infoRows = await tx
      .insert(s.userInfo)
      .values({
        user_id: userId,
        approved_hrp: u.approved_hrp,
        hpr_number: u.hpr_number,
        hpr_verified: u.approved_hrp === 2,
        hpr_checked_at: u.hpr_number ? created : null,
        county_id: city.county_id,
        city_id: city.id,
        workplace_situation_id: need(ref.situations, u.workplace_situation, 'workplace situation'),
        workplace_hospital_id: u.hospitalCode ? need(ref.hospitals, u.hospitalCode, 'hospital').id : null,
        workplace_clinic_id: u.clinicCode ? need(ref.clinics, u.clinicCode, 'clinic') : null,
        workplace_name: u.workplace_name ?? null,
        position: u.position,
        about: u.about,
        email_webinar_reminders: true,
        sms_webinar_reminders: u.email === 'lege@demo.no',
      })
      .onConflictDoNothing()
      .returning({ id: s.userInfo.user_id });
    tally.add('user infos', infoRows.length);
    if (u.specialties.length > 0) {
      const rows = await tx
        .insert(s.userSpecialties)
        .values(
          u.specialties.map((code) => ({
            user_id: userId,
            specialty_id: need(ref.specialties, code, 'specialty'),
          })),
        )
        .onConflictDoNothing()
        .returning({ id: s.userSpecialties.user_id });
      tally.add('user specialties', rows.length);
    }
    const roleRows = await tx
      .insert(s.userRoles)
      .values(u.roles.map((code) => ({ user_id: userId, role_id: need(ref.roles, code, 'role') })))
      .onConflictDoNothing()
      .returning({ id: s.userRoles.user_id });
    tally.add('user roles', roleRows.length);
  }

  // The administrator's decisions behind the approved and in-review accounts (the approval history).
  const adminId = need(ids, ADMIN, 'user');
  const decided = new Set(
    (
      await tx
        .select({ user_id: s.accountDecisions.user_id })
        .from(s.accountDecisions)
        .where(inArray(s.accountDecisions.user_id, [...ids.values()]))
    ).map((r) => r.user_id),
  );
  const decisions = DEMO_USERS.filter(
    (u) => u.email !== ADMIN && (u.status === 'approved' || u.status === 'in_review'),
  )
    .map((u) => ({ user_id: need(ids, u.email, 'user'), status: u.status }))
    .filter((d) => !decided.has(d.user_id))
    .map((d) => ({
      user_id: d.user_id,
      admin_user_id: adminId,
      decision: d.status === 'approved' ? ('approved' as const) : ('in_review' as const),
      reason: d.status === 'approved' ? null : 'Utenlandsk utdanning: venter på dokumentasjon av lisens.',
      created_at: clock.at(-179),
      updated_at: clock.at(-179),
    }));
  if (decisions.length > 0) await tx.insert(s.accountDecisions).values(decisions);
  tally.add('account decisions', decisions.length);
  return ids;
}

async function seedCompanies(
  tx: Executor,
  ref: Reference,
  users: Ids,
  clock: Clock,
  tally: Tally,
): Promise<Map<string, number>> {
  const existing = await tx
    .select({ id: s.partnerCompanies.id, slug: s.partnerCompanies.slug })
    .from(s.partnerCompanies)
    .where(
      inArray(
        s.partnerCompanies.slug,
        COMPANIES.map((c) => c.slug),
      ),
    );
  const ids = new Map(existing.map((r) => [r.slug, r.id]));
  for (const c of COMPANIES) {
    const created = clock.at(-c.createdDaysAgo, 10);
    if (!ids.has(c.slug)) {
      const [row] = await tx
        .insert(s.partnerCompanies)
        .values({
          slug: c.slug,
          name: c.name,
          description: c.description,
          organisation_number: c.organisation_number,
          email: c.email,
          phone: c.phone,
          website: c.website,
          address: c.address,
          postal_code: c.postal_code,
          city_id: need(ref.cities, c.cityCode, 'city').id,
          is_published: c.is_published,
          is_comments_allowed: c.is_comments_allowed,
          created_by_user_id: need(users, c.managers[0] ?? '', 'manager'),
          created_at: created,
          updated_at: created,
        })
        .returning({ id: s.partnerCompanies.id });
      if (!row) throw new Error(`Could not create ${c.slug}`);
      ids.set(c.slug, row.id);
      tally.add('partner companies');
    }
    const companyId = need(ids, c.slug, 'company');
    const cats = await tx
      .insert(s.partnerCompanyCategories)
      .values(
        c.categories.map((code) => ({
          partner_company_id: companyId,
          category_id: need(ref.categories, `company:${code}`, 'company category'),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: s.partnerCompanyCategories.category_id });
    tally.add('company categories', cats.length);
    const managers = await tx
      .insert(s.partnerCompanyManagers)
      .values(
        c.managers.map((email) => ({ partner_company_id: companyId, user_id: need(users, email, 'user') })),
      )
      .onConflictDoNothing()
      .returning({ id: s.partnerCompanyManagers.user_id });
    tally.add('company managers', managers.length);
    if (c.followers.length > 0) {
      const followers = await tx
        .insert(s.partnerCompanyFollowers)
        .values(
          c.followers.map((email, i) => ({
            partner_company_id: companyId,
            user_id: need(users, email, 'user'),
            created_at: clock.at(-Math.max(1, c.createdDaysAgo - 5 - i), 12),
            updated_at: clock.at(-Math.max(1, c.createdDaysAgo - 5 - i), 12),
          })),
        )
        .onConflictDoNothing()
        .returning({ id: s.partnerCompanyFollowers.user_id });
      tally.add('company followers', followers.length);
    }
  }
  const invited = new Set(
    (
      await tx
        .select({
          company: s.followInvitations.partner_company_id,
          user: s.followInvitations.invited_user_id,
        })
        .from(s.followInvitations)
        .where(inArray(s.followInvitations.partner_company_id, [...ids.values()]))
    ).map((r) => `${r.company}/${r.user}`),
  );
  const invitations = FOLLOW_INVITATIONS.map((inv) => ({
    partner_company_id: need(ids, inv.company, 'company'),
    invited_user_id: need(users, inv.invited, 'user'),
    invited_by_user_id: need(users, inv.by, 'user'),
    status: 'pending' as const,
    created_at: clock.at(-1, 14),
    updated_at: clock.at(-1, 14),
  })).filter((inv) => !invited.has(`${inv.partner_company_id}/${inv.invited_user_id}`));
  if (invitations.length > 0) await tx.insert(s.followInvitations).values(invitations).onConflictDoNothing();
  tally.add('follow invitations', invitations.length);

  const follows = await tx
    .insert(s.userFollows)
    .values(
      USER_FOLLOWS.map(([follower, followed], i) => ({
        follower_id: need(users, follower, 'user'),
        followed_user_id: need(users, followed, 'user'),
        created_at: clock.at(-30 + i, 20),
        updated_at: clock.at(-30 + i, 20),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: s.userFollows.follower_id });
  tally.add('user follows', follows.length);
  return ids;
}

/** Professional experience and education: written for a user only when they have none yet. */
async function seedProfiles(tx: Executor, ref: Reference, users: Ids, tally: Tally): Promise<void> {
  const withExperience = new Set(
    (
      await tx
        .select({ id: s.professionalExperiences.user_id })
        .from(s.professionalExperiences)
        .where(inArray(s.professionalExperiences.user_id, [...users.values()]))
    ).map((r) => r.id),
  );
  const experiences = EXPERIENCES.filter((e) => !withExperience.has(need(users, e.email, 'user'))).map(
    (e) => ({
      user_id: need(users, e.email, 'user'),
      position: e.position,
      employer: e.employer,
      field_of_work: e.field_of_work,
      workplace_type: e.workplace_type,
      hospital_id: e.hospitalCode ? need(ref.hospitals, e.hospitalCode, 'hospital').id : null,
      clinic_id: e.clinicCode ? need(ref.clinics, e.clinicCode, 'clinic') : null,
      city_id: need(ref.cities, e.cityCode, 'city').id,
      started_at: e.started_at,
      finished_at: e.finished_at,
      is_current: e.finished_at === null,
    }),
  );
  if (experiences.length > 0) await tx.insert(s.professionalExperiences).values(experiences);
  tally.add('experiences', experiences.length);

  const withEducation = new Set(
    (
      await tx
        .select({ id: s.educations.user_id })
        .from(s.educations)
        .where(inArray(s.educations.user_id, [...users.values()]))
    ).map((r) => r.id),
  );
  const educations = EDUCATIONS.filter((e) => !withEducation.has(need(users, e.email, 'user'))).map((e) => ({
    user_id: need(users, e.email, 'user'),
    university_id: need(ref.universities, e.university, 'university'),
    university_specialty_id: need(ref.fields, e.field, 'field of study'),
    academic_level_id: need(ref.levels, e.level, 'academic level'),
    started_at: e.started_at,
    graduated_at: e.graduated_at,
    currently_studying: e.currently_studying,
    doctorate: e.doctorate,
  }));
  if (educations.length > 0) await tx.insert(s.educations).values(educations);
  tally.add('educations', educations.length);
}

const ownerTitleKey = (userId: number, title: string) => `${userId}\u0000${title}`;

async function seedJobs(
  tx: Executor,
  ref: Reference,
  users: Ids,
  companies: Ids,
  clock: Clock,
  tally: Tally,
): Promise<Map<string, number>> {
  const existing = await tx
    .select({ id: s.jobs.id, user_id: s.jobs.user_id, title: s.jobs.title })
    .from(s.jobs)
    .where(
      inArray(
        s.jobs.title,
        JOBS.map((j) => j.title),
      ),
    );
  const found = new Map(existing.map((r) => [ownerTitleKey(r.user_id, r.title), r.id]));
  const ids = new Map<string, number>();
  for (const j of JOBS) {
    const userId = need(users, j.owner, 'user');
    let id = found.get(ownerTitleKey(userId, j.title));
    if (id === undefined) {
      const city = need(ref.cities, j.cityCode, 'city');
      const published = clock.at(-j.publishedDaysAgo, 8);
      const company = j.company ? COMPANIES.find((c) => c.slug === j.company) : undefined;
      const [row] = await tx
        .insert(s.jobs)
        .values({
          title: j.title,
          job_category_id: need(ref.jobCategories, j.category, 'job category'),
          position_type: j.position_type,
          description: j.description,
          workplace_type: j.workplace_type,
          hospital_id: j.hospitalCode ? need(ref.hospitals, j.hospitalCode, 'hospital').id : null,
          clinic_id: j.clinicCode ? need(ref.clinics, j.clinicCode, 'clinic') : null,
          // The street address has its own field; the workplace line names a department when there is one.
          work_address: j.work_address ?? null,
          address_line: j.address_line,
          postal_code: j.postal_code,
          city_area: j.city_area ?? null,
          city_id: city.id,
          county_id: city.county_id,
          contact_person: j.contact_person,
          phone: j.phone,
          recruiting_link: `https://rekruttering.legenett.no/demo/${encodeURIComponent(j.title.toLowerCase().replace(/\s+/g, '-'))}`,
          application_deadline: clock.date(j.deadlineDays),
          hiring_date: j.hiringDays === undefined ? null : clock.date(j.hiringDays),
          published_at: published,
          company_name: j.company_name,
          organisation_number: company?.organisation_number ?? null,
          partner_company_id: j.company ? need(companies, j.company, 'company') : null,
          user_id: userId,
          status: j.closed ? 'closed' : 'published',
          closed_at: j.closed ? clock.at(-2, 15) : null,
          created_at: published,
          updated_at: published,
        })
        .returning({ id: s.jobs.id });
      if (!row) throw new Error(`Could not create job ${j.title}`);
      id = row.id;
      tally.add('jobs');
    }
    ids.set(j.title, id);
    if (j.specialties.length > 0) {
      const jobId = id;
      await tx
        .insert(s.jobSpecialties)
        .values(
          j.specialties.map((code) => ({
            job_id: jobId,
            specialty_id: need(ref.specialties, code, 'specialty'),
          })),
        )
        .onConflictDoNothing();
    }
  }
  return ids;
}

async function seedProducts(
  tx: Executor,
  ref: Reference,
  users: Ids,
  clock: Clock,
  tally: Tally,
  /** Where to write the demo photos; null (S3 storage, no ffmpeg) leaves the products without photos. */
  photosDir: string | null,
): Promise<void> {
  const existing = await tx
    .select({ user_id: s.products.user_id, title: s.products.title })
    .from(s.products)
    .where(
      inArray(
        s.products.title,
        PRODUCTS.map((p) => p.title),
      ),
    );
  const found = new Set(existing.map((r) => ownerTitleKey(r.user_id, r.title)));
  const rows = PRODUCTS.filter((p) => !found.has(ownerTitleKey(need(users, p.owner, 'user'), p.title))).map(
    (p) => {
      const created = clock.at(-p.createdDaysAgo, 11);
      return {
        title: p.title,
        description: p.description,
        price_nok: p.price_nok,
        manufacturer: p.manufacturer,
        category_id: need(ref.categories, `product:${p.category}`, 'product category'),
        status: p.soldOut ? 2 : 1,
        user_id: need(users, p.owner, 'user'),
        created_at: created,
        updated_at: created,
      };
    },
  );
  if (rows.length === 0) return;
  const inserted = await tx.insert(s.products).values(rows).returning({ id: s.products.id, user_id: s.products.user_id });
  tally.add('products', inserted.length);
  if (photosDir === null) return;
  await addProductPhotos(tx, inserted, photosDir, tally);
}

/** One photo each, stored as an upload is: the main row (detail size) and its `sm` variant. */
async function addProductPhotos(
  tx: Executor,
  products: readonly { id: number; user_id: number }[],
  photosDir: string,
  tally: Tally,
): Promise<void> {
  for (const [i, product] of products.entries()) {
    const photo = makeDemoPhoto(i, photosDir);
    const file = (f: typeof photo.lg, variant: 'lg' | 'sm', originalId: number | null) => ({
      storage_key: f.key,
      kind: 'product_image' as const,
      content_type: f.contentType,
      size_bytes: f.size,
      width: f.width,
      height: f.height,
      owner_user_id: product.user_id,
      original_id: originalId,
      variant,
    });
    const [main] = await tx.insert(s.storedFiles).values(file(photo.lg, 'lg', null)).returning({ id: s.storedFiles.id });
    await tx.insert(s.storedFiles).values(file(photo.sm, 'sm', main!.id));
    await tx.insert(s.productImages).values({ product_id: product.id, file_id: main!.id, position: 0 });
  }
  tally.add('product photos', products.length);
}

async function seedCourses(
  tx: Executor,
  ref: Reference,
  users: Ids,
  companies: Ids,
  clock: Clock,
  tally: Tally,
): Promise<Map<string, number>> {
  const existing = await tx
    .select({ id: s.courses.id, user_id: s.courses.user_id, title: s.courses.title })
    .from(s.courses)
    .where(
      inArray(
        s.courses.title,
        COURSES.map((c) => c.title),
      ),
    );
  const found = new Map(existing.map((r) => [ownerTitleKey(r.user_id, r.title), r.id]));
  const adminId = need(users, ADMIN, 'user');
  const ids = new Map<string, number>();
  for (const c of COURSES) {
    const userId = need(users, c.owner, 'user');
    let id = found.get(ownerTitleKey(userId, c.title));
    if (id === undefined) {
      const start =
        c.start === 'live' ? clock.currentHour : clock.at(c.start.days, c.start.hour, c.start.minute ?? 0);
      const created = new Date(Math.min(start.getTime(), clock.at(0).getTime()) - 20 * DAY);
      const city = c.cityCode ? need(ref.cities, c.cityCode, 'city') : undefined;
      const [row] = await tx
        .insert(s.courses)
        .values({
          type: c.type,
          title: c.title,
          description: c.description,
          target: c.target,
          category_id: need(ref.categories, `course:${c.category}`, 'course category'),
          county_id: city?.county_id ?? null,
          city_id: city?.id ?? null,
          start_at: start,
          duration_minutes: c.duration_minutes,
          ends_at: new Date(start.getTime() + c.duration_minutes * 60_000),
          subscription_deadline: new Date(start.getTime() - (c.type === 'course' ? 7 * DAY : HOUR)),
          host_name: c.host_name,
          address: c.address ?? null,
          max_attendees: c.max_attendees ?? null,
          sponsor_name: c.sponsor_name ?? null,
          food_served: c.food_served ?? false,
          audience: c.audience ?? null,
          credit_hours: c.credit_hours ?? null,
          credit_approved_by: c.credit_approved_by ?? null,
          embed_code: c.embed_code ?? null,
          moderation_reason: c.moderation_reason ?? null,
          video_link:
            c.type === 'webinar'
              ? `https://meet.legenett.no/webinar/${encodeURIComponent(c.title.toLowerCase().replace(/\s+/g, '-'))}`
              : null,
          status: c.status,
          submitted_at: c.status === 'draft' ? null : new Date(created.getTime() + HOUR),
          reviewed_at: ['approved', 'cancelled', 'rejected'].includes(c.status) ? new Date(created.getTime() + DAY) : null,
          reviewed_by_user_id: ['approved', 'cancelled', 'rejected'].includes(c.status) ? adminId : null,
          cancelled_at: c.status === 'cancelled' ? clock.at(-1, 10) : null,
          user_id: userId,
          partner_company_id: c.company ? need(companies, c.company, 'company') : null,
          created_at: created,
          updated_at: created,
        })
        .returning({ id: s.courses.id });
      if (!row) throw new Error(`Could not create course ${c.title}`);
      id = row.id;
      tally.add('courses');
    }
    ids.set(c.title, id);
    const courseId = id;
    if (c.specialties.length > 0) {
      await tx
        .insert(s.courseSpecialties)
        .values(
          c.specialties.map((code) => ({
            course_id: courseId,
            specialty_id: need(ref.specialties, code, 'specialty'),
          })),
        )
        .onConflictDoNothing();
    }
    const queue = [
      ...c.subscribers.map((email) => ({ email, status: 'attending' as const })),
      ...(c.waiting ?? []).map((email) => ({ email, status: 'waiting' as const })),
    ];
    if (queue.length > 0) {
      // Serial ids: filter first rather than lean on ON CONFLICT, which would still advance the sequence.
      const subscribed = new Set(
        (
          await tx
            .select({ user: s.courseSubscriptions.user_id })
            .from(s.courseSubscriptions)
            .where(eq(s.courseSubscriptions.course_id, courseId))
        ).map((r) => r.user),
      );
      // In order, so the waiting list's order (by id) is the seed's.
      const subs = queue
        .map((q) => ({ userId: need(users, q.email, 'user'), status: q.status }))
        .filter((q) => !subscribed.has(q.userId));
      if (subs.length > 0) {
        await tx
          .insert(s.courseSubscriptions)
          .values(subs.map((q) => ({ course_id: courseId, user_id: q.userId, status: q.status })))
          .onConflictDoNothing();
      }
      tally.add('course subscriptions', subs.length);
    }
  }
  return ids;
}

async function seedPetitions(
  tx: Executor,
  ref: Reference,
  users: Ids,
  clock: Clock,
  tally: Tally,
): Promise<Map<string, number>> {
  const existing = await tx
    .select({ id: s.petitions.id, user_id: s.petitions.user_id, title: s.petitions.title })
    .from(s.petitions)
    .where(
      inArray(
        s.petitions.title,
        PETITIONS.map((p) => p.title),
      ),
    );
  const found = new Map(existing.map((r) => [ownerTitleKey(r.user_id, r.title), r.id]));
  const ids = new Map<string, number>();
  for (const p of PETITIONS) {
    const userId = need(users, p.owner, 'user');
    let id = found.get(ownerTitleKey(userId, p.title));
    if (id === undefined) {
      const published = p.publishedDaysAgo === null ? null : clock.at(-p.publishedDaysAgo, 10);
      const created = published ? new Date(published.getTime() - DAY) : clock.at(-1, 21);
      const [row] = await tx
        .insert(s.petitions)
        .values({
          title: p.title,
          summary: p.summary,
          full_text: p.full_text,
          category_id: need(ref.categories, `petition:${p.category}`, 'petition category'),
          end_date: clock.date(p.endDays),
          status: p.status,
          recipient: p.recipient ?? '',
          signature_goal: p.goal ?? null,
          archived_at: p.visibility === 'archived' ? clock.at(-1, 9) : null,
          visibility: p.visibility,
          post_on_my_page: p.post_on_my_page,
          user_id: userId,
          published_at: published,
          closed_at: p.closedDaysAgo === undefined ? null : clock.at(-p.closedDaysAgo, 12),
          created_at: created,
          updated_at: created,
        })
        .returning({ id: s.petitions.id });
      if (!row) throw new Error(`Could not create petition ${p.title}`);
      id = row.id;
      tally.add('petitions');
    }
    ids.set(p.title, id);
    const petitionId = id;
    if (p.specialties.length > 0) {
      await tx
        .insert(s.petitionSpecialties)
        .values(
          p.specialties.map((code) => ({
            petition_id: petitionId,
            specialty_id: need(ref.specialties, code, 'specialty'),
          })),
        )
        .onConflictDoNothing();
    }
    if (p.signers.length > 0) {
      const signedBy = new Set(
        (
          await tx
            .select({ user: s.petitionSignatures.user_id })
            .from(s.petitionSignatures)
            .where(eq(s.petitionSignatures.petition_id, petitionId))
        ).map((r) => r.user),
      );
      const fresh = p.signers
        .map((email, i) => ({
          user_id: need(users, email, 'user'),
          at: clock.at(-(p.publishedDaysAgo ?? 0) + Math.min(i, p.publishedDaysAgo ?? 0), 12 + (i % 8)),
          anonymous: i % 3 === 2,
        }))
        .filter((row) => !signedBy.has(row.user_id))
        .sort((a, b) => a.at.getTime() - b.at.getTime());
      if (fresh.length > 0) {
        // Each signature is a waiting entry of the signature log, as the API writes it; the API's
        // sequencer and counter job take them into the tree and the counts (within seconds of starting).
        const logged = await tx
          .insert(s.petitionLogPending)
          .values(
            fresh.map((row) => {
              const salt = newLogSalt();
              const at = new Date(Math.floor(row.at.getTime()));
              const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Oslo' }).format(at);
              return { petition_id: petitionId, action: 'sign' as const, signer: logSigner(salt, petitionId, row.user_id), salt, created_at: at, signed_day: day };
            }),
          )
          .returning({ id: s.petitionLogPending.id });
        await tx.insert(s.petitionSignatures).values(
          fresh.map((row, i) => ({ petition_id: petitionId, user_id: row.user_id, anonymous: row.anonymous, log_entry_id: logged[i]!.id, created_at: row.at, updated_at: row.at })),
        );
        // The statistics read the signer's profession, first specialty and county as they were when signing.
        await tx.execute(sql`
          update ${s.petitionSignatures} ps set
            profession = case
              when exists (select 1 from ${s.userRoles} ur join ${s.roles} r on r.id = ur.role_id where ur.user_id = ps.user_id and r.code = 'doctor') then 'doctor'
              when exists (select 1 from ${s.userRoles} ur join ${s.roles} r on r.id = ur.role_id where ur.user_id = ps.user_id and r.code = 'student') then 'student'
              else 'other' end,
            specialty_id = (select min(us.specialty_id) from ${s.userSpecialties} us where us.user_id = ps.user_id),
            county_id = (select ui.county_id from ${s.userInfo} ui where ui.user_id = ps.user_id)
          where ps.petition_id = ${petitionId}`);
        await tx.execute(sql`
          update ${s.petitionLogPending} e set profession = ps.profession, specialty_id = ps.specialty_id, county_id = ps.county_id
          from ${s.petitionSignatures} ps where ps.log_entry_id = e.id and ps.petition_id = ${petitionId}`);
      }
      tally.add('signatures', fresh.length);
    }
    if (p.bookmarkedBy.length > 0) {
      await tx
        .insert(s.petitionBookmarks)
        .values(
          p.bookmarkedBy.map((email) => ({ petition_id: petitionId, user_id: need(users, email, 'user') })),
        )
        .onConflictDoNothing();
    }
    if (p.coAuthors.length > 0) {
      const [has] = await tx
        .select({ id: s.petitionCoAuthors.id })
        .from(s.petitionCoAuthors)
        .where(eq(s.petitionCoAuthors.petition_id, petitionId))
        .limit(1);
      if (!has) {
        await tx.insert(s.petitionCoAuthors).values(
          p.coAuthors.map((a, i) => ({
            petition_id: petitionId,
            name: a.name,
            title: a.title,
            user_id: a.email ? need(users, a.email, 'user') : null,
            position: i,
            // Demo co-authors with accounts have accepted their invitation.
            accepted_at: a.email ? clock.at(-1, 8) : null,
          })),
        );
        tally.add('co-authors', p.coAuthors.length);
      }
    }
    if (p.pressRelease) {
      const [has] = await tx
        .select({ id: s.petitionPressReleases.id })
        .from(s.petitionPressReleases)
        .where(eq(s.petitionPressReleases.petition_id, petitionId))
        .limit(1);
      if (!has) {
        const sent = clock.at(-p.pressRelease.sentDaysAgo, 9);
        const [release] = await tx
          .insert(s.petitionPressReleases)
          .values({
            petition_id: petitionId,
            subject: p.pressRelease.subject,
            body: p.pressRelease.body,
            sent_at: sent,
            sent_by_user_id: userId,
            created_at: sent,
            updated_at: sent,
          })
          .returning({ id: s.petitionPressReleases.id });
        const coAuthorIds = await tx
          .select({ id: s.petitionCoAuthors.id })
          .from(s.petitionCoAuthors)
          .where(eq(s.petitionCoAuthors.petition_id, petitionId));
        if (release && coAuthorIds.length > 0) {
          await tx
            .insert(s.petitionPressReleaseCoAuthors)
            .values(coAuthorIds.map((a) => ({ press_release_id: release.id, co_author_id: a.id })))
            .onConflictDoNothing();
        }
        tally.add('press releases');
      }
    }
  }
  return ids;
}

async function seedPosts(
  tx: Executor,
  users: Ids,
  companies: Ids,
  petitions: Ids,
  clock: Clock,
  tally: Tally,
): Promise<Map<string, number>> {
  const existing = await tx
    .select({ id: s.posts.id, slug: s.posts.slug })
    .from(s.posts)
    .where(
      inArray(
        s.posts.slug,
        POSTS.map((p) => p.slug),
      ),
    );
  const ids = new Map(existing.map((r) => [r.slug, r.id]));
  // Shared posts first, so a share can point at them.
  const ordered = [...POSTS].sort(
    (a, b) => Number(a.sharesPost !== undefined) - Number(b.sharesPost !== undefined),
  );
  for (const p of ordered) {
    const created = clock.at(-p.daysAgo, p.hour);
    const companySlug = p.author.startsWith('company:') ? p.author.slice('company:'.length) : null;
    if (!ids.has(p.slug)) {
      const [row] = await tx
        .insert(s.posts)
        .values({
          slug: p.slug,
          author_user_id: companySlug ? null : need(users, p.author, 'user'),
          partner_company_id: companySlug ? need(companies, companySlug, 'company') : null,
          created_by_user_id: need(users, p.by ?? p.author, 'user'),
          body: p.body,
          archived_at: p.archived ? clock.at(-p.daysAgo + 30, 9) : null,
          shared_post_id: p.sharesPost ? need(ids, p.sharesPost, 'post') : null,
          is_share: Boolean(p.sharesPost),
          shared_petition_id: p.sharesPetition ? need(petitions, p.sharesPetition, 'petition') : null,
          created_at: created,
          updated_at: created,
        })
        .returning({ id: s.posts.id });
      if (!row) throw new Error(`Could not create post ${p.slug}`);
      ids.set(p.slug, row.id);
      tally.add('posts');
    }
    const postId = need(ids, p.slug, 'post');
    if (p.likes.length > 0) {
      const likes = await tx
        .insert(s.postLikes)
        .values(
          p.likes.map((email, i) => {
            const at = new Date(created.getTime() + (i + 1) * 17 * 60_000);
            return { post_id: postId, user_id: need(users, email, 'user'), created_at: at, updated_at: at };
          }),
        )
        .onConflictDoNothing()
        .returning({ id: s.postLikes.user_id });
      tally.add('likes', likes.length);
    }
    if (p.comments.length > 0) {
      const present = new Set(
        (
          await tx
            .select({ author: s.postComments.author_user_id, body: s.postComments.body })
            .from(s.postComments)
            .where(eq(s.postComments.post_id, postId))
        ).map((c) => `${c.author ?? ''}\u0000${c.body}`),
      );
      const comments = p.comments
        .map((c) => ({ ...c, authorId: need(users, c.by, 'user') }))
        .filter((c) => !present.has(`${c.authorId}\u0000${c.body}`))
        .map((c) => {
          const at = new Date(created.getTime() + c.minutesAfter * 60_000);
          return {
            post_id: postId,
            author_user_id: c.authorId,
            body: c.body,
            created_at: at,
            updated_at: at,
          };
        });
      if (comments.length > 0) await tx.insert(s.postComments).values(comments);
      tally.add('comments', comments.length);
    }
  }
  return ids;
}

/**
 * Demo videos and audio in their categories. Each new item gets a real small file made with ffmpeg
 * (test pattern and tone, a poster frame, captions on some), written to the local uploads folder, so
 * the players play in the demo. Without ffmpeg (or with S3 storage) the items keep their old link and
 * the seed says why.
 */
async function seedMedia(
  tx: Executor,
  ref: Reference,
  clock: Clock,
  tally: Tally,
  /** Where to write the files; null (S3 storage, no ffmpeg): the items keep their old link. */
  uploadsDir: string | null,
): Promise<void> {
  const withFiles = uploadsDir !== null;
  const fileRow = (f: DemoFile, kind: 'media_video' | 'media_audio' | 'media_poster' | 'media_captions') => ({
    storage_key: f.key,
    kind,
    content_type: f.contentType,
    size_bytes: f.size,
  });
  const storeAll = async (media: DemoMedia, kind: 'video' | 'audio') => {
    const rows = [
      fileRow(media.file, kind === 'video' ? 'media_video' : 'media_audio'),
      ...(media.poster ? [fileRow(media.poster, 'media_poster')] : []),
      ...(media.captions ? [fileRow(media.captions, 'media_captions')] : []),
    ];
    const ids = await tx.insert(s.storedFiles).values(rows).returning({ id: s.storedFiles.id, key: s.storedFiles.storage_key });
    const id = (key: string | undefined) => (key ? (ids.find((r) => r.key === key)?.id ?? null) : null);
    return {
      file_id: id(media.file.key),
      poster_file_id: id(media.poster?.key),
      captions_file_id: id(media.captions?.key),
      duration_seconds: media.durationSeconds,
      url: null,
    };
  };
  const rows = async (list: readonly MediaSeed[], type: 'video' | 'audio') => {
    const out = [];
    for (const [i, m] of list.entries()) {
      const base = {
        title: m.title,
        description: m.description,
        category_id: need(ref.categories, `${type}:${m.category}`, `${type} category`),
        url: m.url,
        thumbnail: m.thumbnail,
        duration_seconds: m.duration_seconds,
        access_level: m.accessLevel ?? ('all' as const),
        published_at: m.publishedDaysAgo === null ? null : clock.at(-m.publishedDaysAgo, 12),
      };
      if (withFiles && uploadsDir) {
        out.push({ ...base, ...(await storeAll(makeDemoMedia(type, i, uploadsDir), type)) });
        tally.add(`${type} files`);
      } else {
        out.push(base);
      }
    }
    return out;
  };
  // Items are found again by title: a rerun adds only what is missing.
  const existing = async (table: typeof s.videos | typeof s.audioTracks, titles: string[]) =>
    new Set((await tx.select({ title: table.title }).from(table).where(inArray(table.title, titles))).map((r) => r.title));
  const videoTitles = await existing(s.videos, VIDEOS.map((v) => v.title));
  const newVideos = await rows(VIDEOS.filter((v) => !videoTitles.has(v.title)), 'video');
  if (newVideos.length > 0) {
    const inserted = await tx.insert(s.videos).values(newVideos).returning({ id: s.videos.id, captions: s.videos.captions_file_id });
    // Captions are searchable by their cues (the API indexes uploaded ones the same way).
    const cues = inserted
      .filter((v) => v.captions !== null)
      .flatMap((v) => DEMO_CAPTION_CUES.map((c) => ({ kind: 'video' as const, item_id: v.id, ...c })));
    if (cues.length > 0) await tx.insert(s.mediaCaptionCues).values(cues);
  }
  tally.add('videos', newVideos.length);
  const audioTitles = await existing(s.audioTracks, AUDIO.map((a) => a.title));
  const newAudio = await rows(AUDIO.filter((a) => !audioTitles.has(a.title)), 'audio');
  if (newAudio.length > 0) await tx.insert(s.audioTracks).values(newAudio);
  tally.add('audio tracks', newAudio.length);
}

/** A seeded notification; its bell entry (`notification_groups`) is made beside it, one each. */
type NotificationRow = Omit<typeof s.notifications.$inferInsert, 'group_id'>;

async function seedNotifications(
  tx: Executor,
  users: Ids,
  companies: Ids,
  posts: Ids,
  courses: Ids,
  jobs: Ids,
  clock: Clock,
  tally: Tally,
): Promise<void> {
  const u = (email: string) => need(users, email, 'user');
  const lege = u('lege@demo.no');
  const student = u('student@demo.no');
  const name = (email: string) => {
    const p = DEMO_USER_NAMES.get(email);
    return p ?? email;
  };
  const postId = need(posts, 'anders-lie-legemiddelgjennomgang', 'post');
  const invitations = await tx
    .select({
      id: s.followInvitations.id,
      user: s.followInvitations.invited_user_id,
      company: s.followInvitations.partner_company_id,
    })
    .from(s.followInvitations)
    .where(inArray(s.followInvitations.invited_user_id, [u('thomas.aasen@demo.no'), student]));
  const decisions = await tx
    .select({ id: s.accountDecisions.id, user: s.accountDecisions.user_id })
    .from(s.accountDecisions)
    .where(inArray(s.accountDecisions.user_id, [student, u('review@demo.no')]));
  const companyName = (id: number) => COMPANIES.find((c) => companies.get(c.slug) === id)?.name ?? '';

  const wanted: NotificationRow[] = [
    {
      user_id: lege,
      kind: 'comment',
      actor_user_id: u('henrik.saetre@demo.no'),
      entity_type: 'post',
      entity_id: postId,
      data: {
        actor_name: name('henrik.saetre@demo.no'),
        post_slug: 'anders-lie-legemiddelgjennomgang',
        excerpt: 'Vi har satt av faste tider hver fredag. Det hjelper.',
      },
      created_at: clock.at(-2, 16, 30),
    },
    {
      user_id: lege,
      kind: 'like',
      actor_user_id: u('kari.nordby@demo.no'),
      entity_type: 'post',
      entity_id: postId,
      data: { actor_name: name('kari.nordby@demo.no'), post_slug: 'anders-lie-legemiddelgjennomgang' },
      created_at: clock.at(-2, 17),
    },
    {
      user_id: lege,
      kind: 'new_follower',
      actor_user_id: u('martin.berge@demo.no'),
      entity_type: 'user',
      entity_id: u('martin.berge@demo.no'),
      data: { actor_name: name('martin.berge@demo.no'), actor_slug: 'martin-berge' },
      created_at: clock.at(-4, 20),
      read_at: clock.at(-3, 8),
    },
    {
      user_id: lege,
      kind: 'new_content',
      actor_user_id: u('kari.nordby@demo.no'),
      entity_type: 'course',
      entity_id: need(courses, 'Akutt hjertesvikt – oppdatering 2026', 'course'),
      data: {
        actor_name: name('kari.nordby@demo.no'),
        title: 'Akutt hjertesvikt – oppdatering 2026',
        content_type: 'webinar',
      },
      created_at: clock.at(-1, 8),
    },
    {
      user_id: lege,
      kind: 'new_content',
      actor_user_id: u('silje.moen@demo.no'),
      partner_company_id: need(companies, 'legevikar-norge', 'company'),
      entity_type: 'job',
      entity_id: need(jobs, 'Legevikar til Finnmark – fire uker', 'job'),
      data: {
        company_name: 'Legevikar Norge AS',
        title: 'Legevikar til Finnmark – fire uker',
        content_type: 'job',
      },
      created_at: clock.at(-3, 8),
      read_at: clock.at(-3, 12),
    },
    ...invitations.map(
      (inv): NotificationRow => ({
        user_id: inv.user,
        kind: 'follow_invitation',
        partner_company_id: inv.company,
        entity_type: 'follow_invitation',
        entity_id: inv.id,
        data: { company_name: companyName(inv.company) },
        created_at: clock.at(-1, 14),
      }),
    ),
    ...decisions.map(
      (d): NotificationRow => ({
        user_id: d.user,
        kind: 'account_decision',
        actor_user_id: u(ADMIN),
        entity_type: 'account_decision',
        entity_id: d.id,
        data: { decision: d.user === student ? 'approved' : 'in_review' },
        created_at: clock.at(-179, 10),
        read_at: d.user === student ? clock.at(-178, 9) : null,
      }),
    ),
  ];

  const present = new Set(
    (
      await tx
        .select({
          user: s.notifications.user_id,
          kind: s.notifications.kind,
          type: s.notifications.entity_type,
          entity: s.notifications.entity_id,
        })
        .from(s.notifications)
        .where(inArray(s.notifications.user_id, [...new Set(wanted.map((n) => n.user_id))]))
    ).map((n) => `${n.user}/${n.kind}/${n.type ?? ''}/${n.entity ?? ''}`),
  );
  const rows = wanted
    .filter((n) => !present.has(`${n.user_id}/${n.kind}/${n.entity_type ?? ''}/${n.entity_id ?? ''}`))
    .map((n) => ({ ...n, updated_at: n.created_at }));
  for (const n of rows) {
    // Each seeded notification is its own bell entry (no group key: nothing joins it later).
    const [group] = await tx
      .insert(s.notificationGroups)
      .values({
        user_id: n.user_id,
        kind: n.kind,
        entity_type: n.entity_type,
        entity_id: n.entity_id,
        actor_user_id: n.actor_user_id,
        partner_company_id: n.partner_company_id,
        data: n.data,
        notification_count: 1,
        actor_count: n.actor_user_id ? 1 : 0,
        unread_count: n.read_at ? 0 : 1,
        latest_at: n.created_at,
        created_at: n.created_at,
        updated_at: n.created_at,
      })
      .returning({ id: s.notificationGroups.id });
    await tx.insert(s.notifications).values({ ...n, group_id: group!.id });
  }
  tally.add('notifications', rows.length);
}

const DEMO_USER_NAMES = new Map(DEMO_USERS.map((u) => [u.email, `${u.first_name} ${u.last_name}`]));

/** Brings the denormalised counters of the seeded rows in line with their rows; touches only those that differ. */
async function refreshCounters(
  tx: Executor,
  companyIds: number[],
  postIds: number[],
  petitionIds: number[],
  courseIds: number[],
): Promise<void> {
  const followers = sql`(select count(*)::int from ${s.partnerCompanyFollowers} f where f.partner_company_id = ${s.partnerCompanies.id})`;
  await tx
    .update(s.partnerCompanies)
    .set({ followers_count: followers })
    .where(
      and(
        inArray(s.partnerCompanies.id, companyIds),
        sql`${s.partnerCompanies.followers_count} <> ${followers}`,
      ),
    );

  const likes = sql`(select count(*)::int from ${s.postLikes} l where l.post_id = ${s.posts.id})`;
  const comments = sql`(select count(*)::int from ${s.postComments} c where c.post_id = ${s.posts.id})`;
  const shares = sql`(select count(*)::int from ${s.posts} p2 where p2.shared_post_id = ${s.posts.id})`;
  await tx
    .update(s.posts)
    .set({ likes_count: likes, comments_count: comments, shares_count: shares })
    .where(
      and(
        inArray(s.posts.id, postIds),
        sql`(${s.posts.likes_count} <> ${likes} or ${s.posts.comments_count} <> ${comments} or ${s.posts.shares_count} <> ${shares})`,
      ),
    );

  // Petition counts are the API's counter job's (from the signature log), not the seed's.

  const attendees = sql`(select count(*)::int from ${s.courseSubscriptions} x where x.course_id = ${s.courses.id} and x.status = 'attending')`;
  await tx
    .update(s.courses)
    .set({ attendees_count: attendees })
    .where(and(inArray(s.courses.id, courseIds), sql`${s.courses.attendees_count} <> ${attendees}`));
}
