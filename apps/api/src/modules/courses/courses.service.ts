import { Inject, Injectable, StreamableFile } from '@nestjs/common';
import {
  type AdminCourse,
  type Course,
  type CourseAnalytics,
  type CourseArchivedQuery,
  type CourseAttendance,
  type CourseInput,
  type CourseListQuery,
  type Locale,
  type MessageKey,
  type MyAttendanceQuery,
  type MyCourseListQuery,
  type PageQuery,
  SMALL_GROUP_MAX,
  SMALL_GROUP_MIN,
  translate,
} from '@legenett/contracts';
import { AccessService } from '../../common/access';
import { type Principal } from '../../common/auth';
import { csvFile } from '../../common/csv/csv';
import { AppError } from '../../common/errors/app-error';
import { ListCounts, readPage } from '../../common/lists';
import { MailService } from '../../common/mail';
import { APP_CONFIG, type AppConfig } from '../../config';
import { type Transaction, UnitOfWork } from '../../database/unit-of-work';
import { AlertTrigger } from '../alerts';
import { NotificationPublisher } from '../notifications';
import { ReferenceChecks } from '../reference';
import { courseIcs } from './course-calendar';
import { CourseVideoLinks } from './course-video-links';
import { mayOpenViewing, videoUploadRefusal } from './course-video.rules';
import { completedEvent } from './course-records.rules';
import { type CourseActor, type CourseEvent, EDITABLE_STATUSES, nextStatus } from './course-transitions';
import { type CourseFilters, type CoursePart, type CourseRow, CoursesRepository, type CourseWrite, TAB_PARTS } from './courses.repository';
import { sanitiseEmbedCode } from '../../common/text/embed-code';
import { issueViewingToken, readViewingToken, VIEWING_TOKEN_TTL_SECONDS } from './viewing-token';

const MINUTE = 60_000;

/** The catalogue's clock: whole minutes, so a minute's requests share cached counts and agree on the tabs. */
const catalogueNow = (): Date => new Date(Math.floor(Date.now() / MINUTE) * MINUTE);

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** A date and time as people in Norway read it, e.g. "24.11.2026 kl. 18:00". */
export function osloDateTime(d: Date, locale: Locale): string {
  const date = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);
  const time = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', hour: '2-digit', minute: '2-digit' }).format(d);
  return `${date} ${locale === 'no' ? 'kl.' : 'at'} ${time}`;
}

/** Courses and webinars: the catalogue, attendance, organisers and moderation (docs/courses.md). */
@Injectable()
export class CoursesService {
  constructor(
    private readonly repository: CoursesRepository,
    private readonly access: AccessService,
    private readonly references: ReferenceChecks,
    private readonly counts: ListCounts,
    private readonly uow: UnitOfWork,
    private readonly notifications: NotificationPublisher,
    private readonly mail: MailService,
    private readonly video: CourseVideoLinks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly alerts: AlertTrigger,
  ) {}

  // ---------- presenting ----------

  private async present(rows: CourseRow[], locale: Locale, me: Principal): Promise<Course[]> {
    const specialities = await this.repository.specialitiesOf(
      rows.map((r) => r.id),
      locale,
    );
    const now = new Date();
    return rows.map((r) => {
      const { user_id: _owner, video_file_id: _video, ...row } = r;
      const signupEnd = r.subscription_deadline ?? r.start_at;
      return {
        ...row,
        specialities: specialities.get(r.id) ?? [],
        credit_hours: r.credit_hours === null ? null : Number(r.credit_hours),
        creator_type: r.partner_company ? ('company' as const) : ('user' as const),
        start_at: r.start_at.toISOString(),
        ends_at: r.ends_at.toISOString(),
        subscription_deadline: iso(r.subscription_deadline),
        submitted_at: iso(r.submitted_at),
        reviewed_at: iso(r.reviewed_at),
        cancelled_at: iso(r.cancelled_at),
        created_at: r.created_at.toISOString(),
        video_uploaded_at: iso(r.video_uploaded_at),
        video_url: this.video.urlFor(r, me.userId, now),
        is_live: r.start_at <= now && now < r.ends_at,
        is_past: r.ends_at <= now,
        is_closed_for_signup: signupEnd <= now,
        my_waiting_position: r.my_subscription === 'waiting' ? r.my_waiting_position : null,
        server_time: now.toISOString(),
      };
    });
  }

  private async presentOne(row: CourseRow, locale: Locale, me: Principal): Promise<{ data: Course }> {
    const [course] = await this.present([row], locale, me);
    return { data: course! };
  }

  private static filters(q: CourseArchivedQuery): CourseFilters {
    return {
      search: q.search || undefined,
      specialities: q.specialities,
      counties: q.counties,
      cities: q.cities,
      type: q.type,
      playable: q.playable || undefined,
    };
  }

  /** The catalogue (common/lists' Board): its parts, keyset from cached bookmarks on deep pages (as the jobs board). */
  private board(me: Principal, filters: CourseFilters, now: Date, locale: Locale) {
    return this.counts.board({
      name: 'courses',
      tables: ['courses'],
      filter: { ...filters, now: now.toISOString() },
      read: (part: CoursePart, slice) => this.repository.partSlice(part, filters, now, me.userId, locale, slice),
      keyAt: (part, position, fromEnd) => this.repository.partKeyAt(part, filters, now, position, fromEnd),
    });
  }

  // ---------- catalogue ----------

  /** A tab: its current events first, ended ones appended; the total rounded up to ten; `show_old` answers the last page. */
  async list(me: Principal, q: CourseListQuery, locale: Locale) {
    const now = catalogueNow();
    const filters = CoursesService.filters(q);
    const page = await this.board(me, filters, now, locale).currentThenArchived(q, TAB_PARTS[q.activeTab], {
      list: 'courses.tab',
      filter: { tab: q.activeTab },
      compute: () => this.repository.countTab(filters, q.activeTab, now),
    });
    return { data: await this.present(page.rows, locale, me), meta: page.meta };
  }

  async archived(me: Principal, q: CourseArchivedQuery, locale: Locale) {
    const now = catalogueNow();
    const filters = CoursesService.filters(q);
    const page = await this.board(me, filters, now, locale).onePart(q, 'ended', {
      list: 'courses.ended',
      compute: () => this.repository.countPart(filters, 'ended', now),
    });
    return { data: await this.present(page.rows, locale, me), meta: page.meta };
  }

  async show(me: Principal, id: number, locale: Locale) {
    const row = await this.repository.find(id, me.userId, locale, 'visible');
    if (!row) throw AppError.notFound();
    return this.presentOne(row, locale, me);
  }

  /** The rule of `GET /courses/:id`, for other modules too (a message about a course): 404 when the caller may not see it. */
  async requireVisible(me: Principal, id: number, locale: Locale): Promise<void> {
    if (!(await this.repository.find(id, me.userId, locale, 'visible'))) throw AppError.notFound();
  }

  async calendar(me: Principal, id: number, locale: Locale): Promise<StreamableFile> {
    const row = await this.repository.find(id, me.userId, locale, 'visible');
    if (!row) throw AppError.notFound();
    const ics = courseIcs(row, this.config.publicUrl);
    return new StreamableFile(Buffer.from(ics, 'utf8'), {
      type: 'text/calendar; charset=utf-8',
      disposition: `attachment; filename="course-${row.id}.ics"`,
    });
  }

  // ---------- attendance ----------

  /** Attend an approved event until its deadline (or its start); when full, join the waiting list. */
  async subscribe(me: Principal, id: number, locale: Locale): Promise<{ data: CourseAttendance }> {
    const row = await this.repository.find(id, me.userId, locale, 'visible');
    if (!row) throw AppError.notFound();
    if (row.status !== 'approved') throw new AppError('CONFLICT', { message: 'courses.errors.not_open' });
    // A small group is closed: members join through a request the organiser accepts (docs/courses.md).
    if (row.type === 'small_group' && row.my_subscription === null) {
      throw new AppError('CONFLICT', { message: 'course_records.errors.use_join_request' });
    }
    const deadline = row.subscription_deadline ?? row.start_at;
    if (row.my_subscription === null && deadline <= new Date()) {
      throw new AppError('CONFLICT', { message: 'courses.errors.signup_closed' });
    }
    const attendance = await this.uow.run(async (tx) => {
      await this.repository.subscribe(id, me.userId, tx);
      return this.repository.attendance(id, me.userId, tx);
    });
    return { data: { course_id: id, ...attendance } };
  }

  /** Leave until the deadline; a freed seat goes to the first on the waiting list, who is told. */
  async unsubscribe(me: Principal, id: number, locale: Locale): Promise<{ data: CourseAttendance }> {
    const row = await this.repository.find(id, me.userId, locale, 'visible');
    if (!row) throw AppError.notFound();
    const deadline = row.subscription_deadline ?? row.start_at;
    // Leaving a waiting list is always possible; giving up a seat only until the deadline.
    if (row.my_subscription === 'attending' && deadline <= new Date()) {
      throw new AppError('CONFLICT', { message: 'courses.errors.signup_closed' });
    }
    const attendance = await this.uow.run(async (tx) => {
      const promoted = await this.repository.unsubscribe(id, me.userId, tx);
      if (promoted !== null) {
        await this.notifications.publish(
          tx,
          {
            user_id: promoted,
            kind: 'course_seat_offered',
            actor_user_id: null,
            partner_company_id: null,
            entity_type: 'course',
            entity_id: id,
            data: { title: row.title, type: row.type, start_at: row.start_at.toISOString() },
          },
          `course-seat:${id}:${promoted}:${Date.now()}`,
        );
      }
      return this.repository.attendance(id, me.userId, tx);
    });
    return { data: { course_id: id, ...attendance } };
  }

  async attending(me: Principal, q: MyAttendanceQuery, locale: Locale) {
    const page = await readPage(q, this.repository.attending(me.userId, q.when === 'past', new Date(), locale));
    return { data: await this.present(page.rows, locale, me), meta: page.meta };
  }

  // ---------- organisers ----------

  async myList(me: Principal, q: MyCourseListQuery, locale: Locale) {
    const page = await readPage(q, await this.repository.mine(me.userId, q, locale));
    return { data: await this.present(page.rows, locale, me), meta: page.meta };
  }

  private async editable(me: Principal, id: number, locale: Locale): Promise<CourseRow> {
    const row = await this.repository.find(id, me.userId, locale, 'editable');
    if (!row) throw AppError.notFound();
    return row;
  }

  async myShow(me: Principal, id: number, locale: Locale) {
    return this.presentOne(await this.editable(me, id, locale), locale, me);
  }

  /** 422 for rules that need the clock, the database or the type; answers the row to write. */
  private async check(me: Principal, input: CourseInput, previous: CourseRow | null): Promise<CourseWrite> {
    const fields: Record<string, MessageKey[]> = await this.references.unknown([
      ['category_id', 'courseCategories', input.category_id],
      ['specialty_ids', 'specialties', input.specialty_ids],
      ['county_id', 'counties', input.county_id],
      ['city_id', 'cities', input.city_id],
      ['hospital_id', 'hospitals', input.hospital_id],
      ['clinic_id', 'clinics', input.clinic_id],
    ]);
    // Acting as a business profile organises for that company unless another is named.
    const companyId = input.partner_company_id ?? me.activeCompanyId;
    if (companyId !== null && !(await this.access.managesCompany(me.userId, companyId))) {
      fields.partner_company_id = ['courses.errors.not_manager'];
    }
    const start = new Date(input.start_at);
    const deadline = input.subscription_deadline ? new Date(input.subscription_deadline) : null;
    // A new start must be in the future; an unchanged one may have passed since (a rejected course being fixed).
    if (start <= new Date() && previous?.start_at.getTime() !== start.getTime()) {
      fields.start_at = ['courses.errors.start_in_past'];
    }
    if (deadline && deadline >= start) fields.subscription_deadline = ['courses.errors.deadline_after_start'];
    // The 2-day rule of an uploaded video holds whenever the start moves, not only at the upload.
    if (
      previous?.video_file_id != null &&
      previous.start_at.getTime() !== start.getTime() &&
      videoUploadRefusal({ type: input.type, status: previous.status, start_at: start }, new Date()) === 'too_late'
    ) {
      fields.start_at = [...(fields.start_at ?? []), 'course_webinar.errors.start_too_close_for_video'];
    }
    if (input.sponsor_name && input.credit_hours !== null) fields.credit_hours = ['courses.errors.sponsored_credit'];
    if (
      input.type === 'small_group' &&
      (input.max_attendees === null || input.max_attendees < SMALL_GROUP_MIN || input.max_attendees > SMALL_GROUP_MAX)
    ) {
      fields.max_attendees = ['courses.errors.small_group_size'];
    }
    let embed: string | null = null;
    if (input.embed_code) {
      embed = sanitiseEmbedCode(input.embed_code, this.config.courses.embedHosts);
      if (!embed) fields.embed_code = ['courses.errors.embed_not_allowed'];
    }
    if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { fields });
    const { specialty_ids: _specialties, ...rest } = input;
    return {
      ...rest,
      embed_code: embed,
      partner_company_id: companyId,
      start_at: start,
      ends_at: new Date(start.getTime() + input.duration_minutes * MINUTE),
      subscription_deadline: deadline,
    };
  }

  async create(me: Principal, input: CourseInput, locale: Locale) {
    const id = await this.repository.insert(me.userId, await this.check(me, input, null), input.specialty_ids);
    return this.myShow(me, id, locale);
  }

  async update(me: Principal, id: number, input: CourseInput, locale: Locale) {
    // Ownership first: someone else's course is a 404 even with bad input; then the lock.
    const existing = await this.editable(me, id, locale);
    if (!EDITABLE_STATUSES.includes(existing.status)) throw new AppError('CONFLICT', { message: 'courses.errors.locked' });
    const write = await this.check(me, input, existing);
    if (!(await this.repository.update(id, write, input.specialty_ids, EDITABLE_STATUSES))) {
      throw new AppError('CONFLICT', { message: 'courses.errors.locked' });
    }
    return this.myShow(me, id, locale);
  }

  /** Refuses a move the transition table does not have (409, naming the event and the state). */
  private move(row: CourseRow, event: CourseEvent, who: CourseActor, locale: Locale) {
    const to = nextStatus(row.status, event, who);
    if (!to) {
      throw new AppError('CONFLICT', {
        message: 'courses.errors.transition',
        vars: {
          event: translate(locale, `courses.events.${event}`),
          status: translate(locale, `courses.status.${row.status}`),
        },
      });
    }
    return to;
  }

  async submit(me: Principal, id: number, locale: Locale) {
    const row = await this.editable(me, id, locale);
    const to = this.move(row, 'submit', 'owner', locale);
    if (!(await this.repository.transition(id, row.status, to, {}))) throw new AppError('CONFLICT');
    return this.myShow(me, id, locale);
  }

  /** Cancels; everyone signed up or waiting gets a notification and an e-mail in their language. */
  async cancel(me: Principal, id: number, locale: Locale) {
    const row = await this.editable(me, id, locale);
    const to = this.move(row, 'cancel', 'owner', locale);
    await this.uow.run(async (tx) => {
      if (!(await this.repository.transition(id, row.status, to, {}, tx))) throw new AppError('CONFLICT');
      const subscribers = await this.repository.subscribers(id, tx);
      if (subscribers.length === 0) return;
      await this.notifications.publish(
        tx,
        subscribers.map((s) => ({
          user_id: s.user_id,
          kind: 'course_cancelled' as const,
          actor_user_id: me.userId,
          partner_company_id: row.partner_company?.id ?? null,
          entity_type: 'course',
          entity_id: id,
          data: { title: row.title, type: row.type, start_at: row.start_at.toISOString() },
        })),
        // One key per recipient: each attendee and each one waiting is told once.
        (n) => `course-cancelled:${id}:${n.user_id}`,
      );
      for (const s of subscribers) {
        await this.mail.send(
          {
            to: s.email,
            locale: s.locale,
            userId: s.user_id,
            template: 'course_cancelled',
            vars: { name: s.first_name, title: row.title, start: osloDateTime(row.start_at, s.locale) },
          },
          tx,
        );
      }
    });
    return this.myShow(me, id, locale);
  }

  // ---------- viewing analytics ----------

  /** Opens a viewing of an approved event; answers its id and the token its beacons carry. */
  async enteredOn(me: Principal, id: number, locale: Locale) {
    const row = await this.repository.find(id, me.userId, locale, 'visible');
    if (!row || row.status !== 'approved') throw AppError.notFound();
    // Only what can be watched, by those who may watch it: no minutes (nor certificates) for an in-person course.
    if (!mayOpenViewing(row, new Date())) throw new AppError('CONFLICT', { message: 'courses.errors.not_watchable' });
    const recordId = await this.repository.startViewing(id, me.userId);
    const token = issueViewingToken(this.config.jwtSecret, { recordId, courseId: id, userId: me.userId });
    return { data: { id: recordId, token, expires_in: VIEWING_TOKEN_TTL_SECONDS } };
  }

  /** A beacon: the token names the viewing; a bad, expired or foreign token is a 401. */
  async leftWatching(courseId: number, token: string): Promise<void> {
    const claims = readViewingToken(this.config.jwtSecret, token);
    if (!claims || claims.courseId !== courseId) throw new AppError('UNAUTHENTICATED');
    if (!(await this.repository.touchViewing(claims.recordId, courseId, claims.userId))) throw AppError.notFound();
  }

  async analytics(me: Principal, id: number, locale: Locale): Promise<{ data: CourseAnalytics }> {
    const course = await this.editable(me, id, locale);
    const { summary: s, viewers, series } = await this.repository.analytics(id);
    // "Watched to the end" as the course log counts a completed event (its certificate is available).
    const completed = viewers.filter((v) =>
      completedEvent(course, v.seated, { live: Number(v.live_seconds), replay: Number(v.replay_seconds) }),
    ).length;
    // Someone signed up may still come until the event has ended: no-shows count only after that.
    const ended = course.ends_at <= new Date();
    const round = (n: number) => Math.round(n * 10) / 10;
    const total = s.live + s.replay;
    return {
      data: {
        course_id: id,
        sign_ups: s.sign_ups,
        waiting: s.waiting,
        attended: s.attended,
        no_shows: ended ? s.no_shows : 0,
        live_minutes: round(s.live),
        replay_minutes: round(s.replay),
        total_minutes: round(total),
        average_minutes: s.attended > 0 ? round(total / s.attended) : 0,
        share_to_end: s.attended > 0 ? Math.round((completed / s.attended) * 100) / 100 : 0,
        peak_concurrent: series.reduce((max, p) => Math.max(max, p.viewers), 0),
        concurrent: series,
      },
    };
  }

  async attendanceCsv(me: Principal, id: number, locale: Locale): Promise<StreamableFile> {
    await this.editable(me, id, locale);
    const rows = await this.repository.attendanceRows(id);
    const header = ['name', 'profession', 'minutes_live', 'minutes_replay'].map((k) => translate(locale, `courses.csv.${k}`));
    const csv = csvFile(
      [
        header,
        ...rows.map((r) => [
          `${r.first_name} ${r.last_name}`,
          // The register's code (`doctor`) as a reader says it ("Lege").
          r.profession ? translate(locale, `admin.hpr.professions.${r.profession}`) : '',
          Math.round(r.live ?? 0),
          Math.round(r.replay ?? 0),
        ]),
      ],
      locale,
    );
    // Cells neutralised against formula injection, the reader's separator, a byte-order mark (common/csv).
    return new StreamableFile(Buffer.from(csv, 'utf8'), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="course-${id}-attendance.csv"`,
    });
  }

  // ---------- moderation ----------

  private async presentAdmin(rows: CourseRow[], locale: Locale, me: Principal): Promise<AdminCourse[]> {
    const [courses, details] = await Promise.all([
      this.present(rows, locale, me),
      this.repository.moderationDetails(rows.map((r) => r.id)),
    ]);
    return courses.map((c) => ({
      ...c,
      organiser: details.organisers.get(c.id)!,
      decisions: (details.decisions.get(c.id) ?? []).map((d) => ({ ...d, created_at: d.created_at.toISOString() })),
    }));
  }

  async adminQueue(me: Principal, q: PageQuery, locale: Locale) {
    const page = await readPage(q, this.repository.adminQueue(locale, me.userId));
    return { data: await this.presentAdmin(page.rows, locale, me), meta: page.meta };
  }

  private async adminOne(me: Principal, id: number, locale: Locale) {
    const row = await this.repository.find(id, me.userId, locale, 'any');
    if (!row) throw AppError.notFound();
    return row;
  }

  async adminShow(me: Principal, id: number, locale: Locale) {
    const [course] = await this.presentAdmin([await this.adminOne(me, id, locale)], locale, me);
    return { data: course! };
  }

  /** Approve or reject: the state moves, the decision is recorded, the organiser is told (notification and e-mail). */
  async decide(me: Principal, id: number, decision: 'approved' | 'rejected', reason: string | null, locale: Locale) {
    const row = await this.adminOne(me, id, locale);
    const to = this.move(row, decision === 'approved' ? 'approve' : 'reject', 'admin', locale);
    await this.uow.run(async (tx) => {
      if (!(await this.repository.transition(id, row.status, to, { reason, adminId: me.userId }, tx))) {
        throw new AppError('CONFLICT');
      }
      const decisionId = await this.repository.recordDecision(tx, { courseId: id, adminId: me.userId, decision, reason });
      await this.notifyOrganiser(tx, row, decision, reason, decisionId, me.userId);
      if (decision === 'approved') await this.alerts.itemAppeared(tx, 'course', id);
    });
    return this.adminShow(me, id, locale);
  }

  private async notifyOrganiser(
    tx: Transaction,
    row: CourseRow,
    decision: 'approved' | 'rejected',
    reason: string | null,
    decisionId: number,
    adminId: number,
  ) {
    await this.notifications.publish(
      tx,
      {
        user_id: row.user_id,
        kind: 'course_decision',
        actor_user_id: adminId,
        partner_company_id: null,
        entity_type: 'course',
        entity_id: row.id,
        data: { decision, reason, title: row.title, type: row.type },
      },
      `course-decision:${decisionId}`,
    );
    const organiser = await this.repository.organiser(row.user_id, tx);
    if (!organiser) return;
    const base = { to: organiser.email, locale: organiser.locale, userId: row.user_id };
    const name = organiser.first_name;
    if (decision === 'approved') {
      const link = `${this.config.publicUrl}/course/webinares/${row.id}/${row.type}`;
      await this.mail.send({ ...base, template: 'course_approved', vars: { name, title: row.title, link } }, tx);
    } else {
      const link = `${this.config.publicUrl}/my_courses/${row.id}`;
      await this.mail.send({ ...base, template: 'course_rejected', vars: { name, title: row.title, reason: reason ?? '', link } }, tx);
    }
  }
}
