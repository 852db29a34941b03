import { Inject, Injectable, StreamableFile } from '@nestjs/common';
import {
  type CertificateVerification,
  type CourseLogEntry,
  type CourseLogTotals,
  type JoinRequest,
  type JoinRequestStatus,
  type Locale,
  type Meeting,
  type MeetingInput,
  osloToday,
  type PageQuery,
  type SmallGroupStatus,
} from '@legenett/contracts';
import { type Principal } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { readPage } from '../../common/lists';
import { APP_CONFIG, type AppConfig } from '../../config';
import { UnitOfWork } from '../../database/unit-of-work';
import { NotificationPublisher } from '../notifications';
import { type CertificateRow, CourseRecordsRepository } from './course-records.repository';
import { attestationPdf, certificatePdf } from './course-records.pdf';
import {
  acceptRefusal,
  certificateEligible,
  completedEvent,
  creditedSeconds,
  joinRefusal,
  newCertificateCode,
  watchedSummary,
} from './course-records.rules';
import { type CourseRow, CoursesRepository } from './courses.repository';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

type RequestRow = NonNullable<Awaited<ReturnType<CourseRecordsRepository['requestOf']>>>;

const presentRequest = (r: RequestRow): JoinRequest => ({
  ...r,
  decided_at: iso(r.decided_at),
  created_at: r.created_at.toISOString(),
});

const pdf = (buffer: Buffer, filename: string) =>
  new StreamableFile(buffer, {
    type: 'application/pdf',
    disposition: `attachment; filename="${filename}"`,
    length: buffer.length,
  });

/**
 * A user's course log and certificates of attendance, their public verification, and small groups:
 * join requests, the meeting log and members' attestations (docs/courses.md).
 */
@Injectable()
export class CourseRecordsService {
  constructor(
    private readonly repository: CourseRecordsRepository,
    private readonly courses: CoursesRepository,
    private readonly uow: UnitOfWork,
    private readonly notifications: NotificationPublisher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private verifyUrl(code: string): string {
    return `${this.config.publicUrl}/certificates/${code}`;
  }

  // ---------- course log and certificates ----------

  async log(me: Principal, q: PageQuery) {
    const now = new Date();
    const page = await readPage(q, this.repository.log(me.userId, now));
    const ids = page.rows.map((r) => r.id);
    const [watched, codes, totals] = await Promise.all([
      this.repository.watched(me.userId, ids),
      this.repository.certificateCodes(me.userId, ids),
      this.logTotals(me.userId, now),
    ]);
    const data = page.rows.map((c): CourseLogEntry => {
      const w = watched.get(c.id) ?? { live: 0, replay: 0 };
      const { percent: _percent, ...summary } = watchedSummary(w.live, w.replay, c.duration_minutes);
      const code = codes.get(c.id) ?? null;
      const { seated, ...course } = c;
      return {
        course: {
          ...course,
          credit_hours: c.credit_hours === null ? null : Number(c.credit_hours),
          start_at: c.start_at.toISOString(),
          ends_at: c.ends_at.toISOString(),
        },
        ...summary,
        certificate_available: code !== null || completedEvent(c, seated, w),
        certificate_code: code,
      };
    });
    return { data, meta: page.meta, totals };
  }

  /** The whole log's credit hours and certificates, by the rule each line's certificate follows. */
  private async logTotals(userId: number, now: Date): Promise<CourseLogTotals> {
    const rows = await this.repository.logCredits(userId, now);
    const ids = rows.map((r) => r.id);
    const [watched, codes] = await Promise.all([this.repository.watched(userId, ids), this.repository.certificateCodes(userId, ids)]);
    let hours = 0;
    let certificates = 0;
    for (const r of rows) {
      const w = watched.get(r.id) ?? { live: 0, replay: 0 };
      if (!codes.has(r.id) && !completedEvent(r, r.seated, w)) continue;
      certificates += 1;
      hours += r.credit_hours === null ? 0 : Number(r.credit_hours);
    }
    // Credit hours are given in tenths at most: no binary-fraction tails in the sum.
    return { credit_hours: Math.round(hours * 100) / 100, certificates };
  }

  /** Issues (once, then the same) and renders my certificate; 422 with my minutes when I watched less than 80 %. */
  async certificate(me: Principal, courseId: number, locale: Locale): Promise<StreamableFile> {
    const course = await this.repository.certificateCourse(courseId, me.userId);
    if (!course || !['approved', 'cancelled'].includes(course.status)) throw AppError.notFound();
    let cert: CertificateRow | null = await this.repository.certificateOf(me.userId, courseId);
    if (!cert) {
      if (course.status !== 'approved') {
        throw new AppError('VALIDATION', {
          message: 'course_records.errors.not_held',
          fields: { id: ['course_records.errors.not_held'] },
        });
      }
      const w = (await this.repository.watched(me.userId, [courseId])).get(courseId) ?? {
        live: 0,
        replay: 0,
      };
      const seconds = creditedSeconds(course, course.seated, w);
      if (seconds === null) {
        throw new AppError('VALIDATION', {
          message: 'course_records.errors.no_certificate_type',
          fields: { id: ['course_records.errors.no_certificate_type'] },
        });
      }
      // Without a seat only the open replay counts (docs/courses.md).
      const counted = course.seated ? w : { live: 0, replay: w.replay };
      if (!certificateEligible(seconds, course.duration_minutes)) {
        const s = watchedSummary(counted.live, counted.replay, course.duration_minutes);
        const vars = { watched: s.minutes_watched, duration: course.duration_minutes, percent: s.percent };
        throw new AppError('VALIDATION', {
          message: 'course_records.errors.not_enough_watched',
          vars,
          fields: { id: ['course_records.errors.not_enough_watched'] },
        });
      }
      const holder = await this.repository.holder(me.userId);
      if (!holder) throw AppError.notFound();
      cert = await this.repository.issue({
        code: newCertificateCode(),
        user_id: me.userId,
        course_id: courseId,
        holder_name: `${holder.first_name} ${holder.last_name}`.trim(),
        hpr_number: holder.hpr_number,
        profession: holder.profession,
        course_title: course.title,
        course_type: course.type,
        course_start_at: course.start_at,
        duration_minutes: course.duration_minutes,
        credit_hours: course.credit_hours === null ? null : Number(course.credit_hours),
        credit_approved_by: course.credit_approved_by,
        organiser: course.organiser,
        minutes_watched: Math.floor(seconds / 60),
      });
    }
    const buffer = await certificatePdf(
      { ...cert, credit_hours: cert.credit_hours === null ? null : Number(cert.credit_hours) },
      this.verifyUrl(cert.code),
      locale,
    );
    return pdf(buffer, `certificate-${courseId}-${cert.code}.pdf`);
  }

  /** Public: what a code certifies (name, event, date, hours); nothing more personal. */
  async verify(code: string): Promise<{ data: CertificateVerification }> {
    const cert = await this.repository.byCode(code);
    if (!cert) throw AppError.notFound();
    return {
      data: {
        valid: true,
        code: cert.code,
        holder_name: cert.holder_name,
        course_title: cert.course_title,
        course_type: cert.course_type,
        course_date: cert.course_start_at.toISOString(),
        duration_minutes: cert.duration_minutes,
        credit_hours: cert.credit_hours === null ? null : Number(cert.credit_hours),
        credit_approved_by: cert.credit_approved_by,
        organiser: cert.organiser,
        issued_at: cert.created_at.toISOString(),
      },
    };
  }

  // ---------- small groups ----------

  private async visibleGroup(me: Principal, courseId: number, locale: Locale): Promise<CourseRow> {
    const row = await this.courses.find(courseId, me.userId, locale, 'visible');
    if (!row) throw AppError.notFound();
    return row;
  }

  /** An own small group (organiser or manager of its company); others' are 404, other types 409. */
  private async ownGroup(me: Principal, courseId: number, locale: Locale): Promise<CourseRow> {
    const row = await this.courses.find(courseId, me.userId, locale, 'editable');
    if (!row) throw AppError.notFound();
    if (row.type !== 'small_group')
      throw new AppError('CONFLICT', { message: 'course_records.errors.not_small_group' });
    return row;
  }

  /** The organiser or a member; the group's private pages (members, meeting log) are 404 to anyone else. */
  private async groupInsider(me: Principal, courseId: number, locale: Locale): Promise<CourseRow> {
    const row = await this.visibleGroup(me, courseId, locale);
    if (row.type !== 'small_group')
      throw new AppError('CONFLICT', { message: 'course_records.errors.not_small_group' });
    if (!row.can_edit && row.my_subscription !== 'attending') throw AppError.notFound();
    return row;
  }

  async groupStatus(me: Principal, courseId: number, locale: Locale): Promise<{ data: SmallGroupStatus }> {
    const row = await this.visibleGroup(me, courseId, locale);
    if (row.type !== 'small_group')
      throw new AppError('CONFLICT', { message: 'course_records.errors.not_small_group' });
    const request = await this.repository.requestOf(courseId, me.userId);
    return {
      data: {
        course_id: courseId,
        is_member: row.my_subscription === 'attending',
        is_organiser: row.can_edit,
        request: request ? presentRequest(request) : null,
        members_count: row.attendees_count,
        max_members: row.max_attendees,
      },
    };
  }

  /** Ask to join; the organiser gets a notification. A declined request may be asked again. */
  async requestToJoin(
    me: Principal,
    courseId: number,
    message: string | null,
    locale: Locale,
  ): Promise<{ data: JoinRequest }> {
    const row = await this.visibleGroup(me, courseId, locale);
    const existing = await this.repository.requestOf(courseId, me.userId);
    const refusal = joinRefusal({
      type: row.type,
      status: row.status,
      isOrganiser: row.can_edit,
      isMember: row.my_subscription === 'attending',
      request: existing?.status ?? null,
      seatsTaken: row.attendees_count,
      maxSeats: row.max_attendees,
    });
    if (refusal) throw new AppError('CONFLICT', { message: refusal });
    const request = await this.uow.run(async (tx) => {
      await this.repository.upsertRequest(courseId, me.userId, message, tx);
      const saved = (await this.repository.requestOf(courseId, me.userId, tx))!;
      await this.notifications.publish(
        tx,
        {
          user_id: row.user_id,
          kind: 'course_join_requested',
          actor_user_id: me.userId,
          partner_company_id: null,
          entity_type: 'course',
          entity_id: courseId,
          data: { title: row.title, type: row.type },
        },
        `course-join-requested:${saved.id}:${saved.created_at.getTime()}`,
      );
      return saved;
    });
    return { data: presentRequest(request) };
  }

  async joinRequests(
    me: Principal,
    courseId: number,
    q: PageQuery & { status: JoinRequestStatus },
    locale: Locale,
  ) {
    await this.ownGroup(me, courseId, locale);
    const page = await readPage(q, this.repository.requests(courseId, q.status));
    return { data: page.rows.map(presentRequest), meta: page.meta };
  }

  /** Accept (a seat, while one is free) or decline a pending request; the requester is told either way. */
  async decide(
    me: Principal,
    courseId: number,
    requestId: number,
    decision: 'accepted' | 'declined',
    locale: Locale,
  ) {
    const row = await this.ownGroup(me, courseId, locale);
    const found = await this.repository.request(courseId, requestId);
    if (!found) throw AppError.notFound();
    const request = await this.uow.run(async (tx) => {
      // The course row is locked: two acceptances for the last seat cannot both get it.
      const seats = await this.repository.lockGroup(courseId, tx);
      const current = (await this.repository.request(courseId, requestId, tx))!;
      const refusal =
        decision === 'accepted'
          ? acceptRefusal(current.status, seats?.attendees ?? 0, seats?.max ?? null)
          : current.status === 'pending'
            ? null
            : 'course_records.errors.request_decided';
      if (refusal) throw new AppError('CONFLICT', { message: refusal });
      if (!(await this.repository.decide(requestId, decision, me.userId, tx))) {
        throw new AppError('CONFLICT', { message: 'course_records.errors.request_decided' });
      }
      if (decision === 'accepted') await this.repository.addMember(courseId, current.user.id, tx);
      await this.notifications.publish(
        tx,
        {
          user_id: current.user.id,
          kind: 'course_join_decided',
          actor_user_id: me.userId,
          partner_company_id: null,
          entity_type: 'course',
          entity_id: courseId,
          data: { title: row.title, type: row.type, decision },
        },
        `course-join-decided:${requestId}:${decision}:${current.created_at.getTime()}`,
      );
      return (await this.repository.request(courseId, requestId, tx))!;
    });
    return { data: presentRequest(request) };
  }

  async members(me: Principal, courseId: number, locale: Locale) {
    await this.groupInsider(me, courseId, locale);
    return { data: await this.repository.members(courseId) };
  }

  private async presentMeetings(
    rows: {
      id: number;
      course_id: number;
      held_on: string;
      topic: string;
      hours: number;
      created_at: Date;
    }[],
  ): Promise<Meeting[]> {
    const present = await this.repository.presentAt(rows.map((r) => r.id));
    return rows.map((m) => ({
      id: m.id,
      course_id: m.course_id,
      held_on: m.held_on,
      topic: m.topic,
      hours: Number(m.hours),
      present: present.get(m.id) ?? [],
      created_at: m.created_at.toISOString(),
    }));
  }

  async meetings(me: Principal, courseId: number, q: PageQuery, locale: Locale) {
    await this.groupInsider(me, courseId, locale);
    const page = await readPage(q, this.repository.meetings(courseId));
    return { data: await this.presentMeetings(page.rows), meta: page.meta };
  }

  async saveMeeting(
    me: Principal,
    courseId: number,
    meetingId: number | null,
    input: MeetingInput,
    locale: Locale,
  ) {
    await this.ownGroup(me, courseId, locale);
    // The log records meetings that took place: a future one would count hours in the attestation.
    if (input.held_on > osloToday()) {
      throw new AppError('VALIDATION', { fields: { held_on: ['course_records.errors.meeting_in_future'] } });
    }
    const present = [...new Set(input.present_user_ids)];
    const members = await this.repository.members(courseId, present);
    if (members.length !== present.length) {
      throw new AppError('VALIDATION', {
        fields: { present_user_ids: ['course_records.errors.present_not_member'] },
      });
    }
    const id = await this.repository.saveMeeting(
      courseId,
      meetingId,
      { ...input, present_user_ids: present },
      me.userId,
    );
    if (id === null) throw AppError.notFound();
    const row = (await this.repository.meeting(courseId, id))!;
    const [meeting] = await this.presentMeetings([row]);
    return { data: meeting! };
  }

  async deleteMeeting(me: Principal, courseId: number, meetingId: number, locale: Locale): Promise<void> {
    await this.ownGroup(me, courseId, locale);
    if (!(await this.repository.deleteMeeting(courseId, meetingId))) throw AppError.notFound();
  }

  /** My meetings and hours in a small group (a former member keeps theirs); 422 when I was at none. */
  async attestation(me: Principal, courseId: number, locale: Locale): Promise<StreamableFile> {
    const row = await this.visibleGroup(me, courseId, locale);
    if (row.type !== 'small_group')
      throw new AppError('CONFLICT', { message: 'course_records.errors.not_small_group' });
    const present = await this.repository.wasPresent(courseId, me.userId);
    if (!present && row.my_subscription !== 'attending') throw AppError.notFound();
    if (!present)
      throw new AppError('VALIDATION', {
        message: 'course_records.errors.no_meetings',
        fields: { id: ['course_records.errors.no_meetings'] },
      });
    // A group meets a few times a year: every meeting of one member fits in one read.
    const meetings = await this.repository
      .meetings(courseId, me.userId)
      .read({ offset: 0, limit: 1_000, fromEnd: false });
    const [holder, course] = await Promise.all([
      this.repository.holder(me.userId),
      this.repository.certificateCourse(courseId, me.userId),
    ]);
    const buffer = await attestationPdf(
      {
        holder_name: holder ? `${holder.first_name} ${holder.last_name}` : '',
        course_title: row.title,
        organiser: course?.organiser ?? '',
        meetings: [...meetings]
          .reverse()
          .map((m) => ({ held_on: m.held_on, topic: m.topic, hours: Number(m.hours) })),
      },
      locale,
    );
    return pdf(buffer, `attestation-${courseId}.pdf`);
  }
}
