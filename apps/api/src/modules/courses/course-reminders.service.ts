import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { COURSE_REMINDER_KINDS, type CourseReminderKind, translate } from '@legenett/contracts';
import { MailService } from '../../common/mail';
import { JobOutbox, type OutboxJobContext } from '../../common/outbox';
import { Scheduler } from '../../common/queue';
import { APP_CONFIG, type AppConfig } from '../../config';
import { type Transaction, UnitOfWork } from '../../database/unit-of-work';
import { NotificationPreferencesService, NotificationPublisher } from '../notifications';
import { courseIcs, coursePageUrl } from './course-calendar';
import { CourseRemindersRepository } from './course-reminders.repository';
import { reminderDue, reminderJobKey, reminderWindow } from './course-reminders.rules';
import { CoursesRepository } from './courses.repository';
import { osloDateTime } from './courses.service';

/** The periodic look for due reminders (a scheduled job: once per interval across workers; the outbox keys keep one job per reminder anyway). */
export const COURSE_REMINDER_SWEEP_JOB = 'courses.reminders.sweep';
/** One reminder of one seat. */
export const COURSE_REMINDER_JOB = 'courses.reminder';

export interface CourseReminderPayload {
  kind: CourseReminderKind;
  subscription_id: number;
  course_id: number;
  user_id: number;
  /** The start the reminder was planned for: a course that moved since sends nothing from this job. */
  start_at: string;
}

/**
 * Reminders 24 hours and 1 hour before an event, and "here is the recording" to those with a seat
 * who did not watch (docs/courses.md "Reminders"). A sweep (every COURSE_REMINDER_SWEEP_SECONDS)
 * writes one outbox job per due seat and reminder, keyed by seat, reminder and start: however many
 * replicas sweep, the key keeps one job. The job sends in one transaction that first marks the seat
 * (`claim`), so a replayed job or a second worker sends nothing, and a seat given up, a cancelled
 * course or a moved start sends nothing either.
 */
@Injectable()
export class CourseRemindersService implements OnModuleInit {
  constructor(
    private readonly repository: CourseRemindersRepository,
    private readonly courses: CoursesRepository,
    private readonly outbox: JobOutbox,
    private readonly scheduler: Scheduler,
    private readonly uow: UnitOfWork,
    private readonly notifications: NotificationPublisher,
    private readonly mail: MailService,
    private readonly preferences: NotificationPreferencesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.scheduler.every(COURSE_REMINDER_SWEEP_JOB, this.config.courses.reminderSweepMs, () => this.sweep());
    this.outbox.handle<CourseReminderPayload>(COURSE_REMINDER_JOB, (job) => this.send(job.payload, job.once));
  }

  /** Writes a job for every reminder due at `now` (answers how many were new). */
  async sweep(now: Date = new Date()): Promise<number> {
    let written = 0;
    for (const kind of COURSE_REMINDER_KINDS) {
      const seats = await this.repository.due(kind, now);
      if (seats.length === 0) continue;
      await this.uow.run((tx) =>
        this.outbox.add(
          tx,
          seats.map((s) => ({
            name: COURSE_REMINDER_JOB,
            payload: {
              kind,
              subscription_id: s.subscription_id,
              course_id: s.course_id,
              user_id: s.user_id,
              start_at: s.start_at.toISOString(),
            } satisfies CourseReminderPayload,
            dedupeKey: reminderJobKey(kind, s.subscription_id, s.start_at),
            userIds: [s.user_id],
          })),
        ),
      );
      written += seats.length;
    }
    return written;
  }

  /**
   * Sends one reminder once: the seat is marked in the same transaction as the notification, mail and
   * SMS, and as the job's done mark when run as a job (`once`); called without it (tests), in a
   * transaction of its own.
   *
   * Quiet hours (docs/notifications.md): the in-app notification is written at once; the e-mail and
   * SMS of a reminder planned inside the recipient's quiet hours wait for their end on Oslo's wall
   * clock (`deliverAt` with the event's start), unless the event itself starts before that end: then
   * they go at once, since waiting would make them late. A 24-hour reminder that would wait until the
   * 1-hour reminder is due sends no e-mail or SMS of its own (the 1-hour one goes at the same moment).
   */
  async send(p: CourseReminderPayload, once?: OutboxJobContext<CourseReminderPayload>['once'], now: Date = new Date()): Promise<void> {
    const start = new Date(p.start_at);
    // Read before the transaction: it holds one connection and never waits for a second (a burst of
    // jobs would otherwise take the whole pool and wait on itself).
    const who = await this.repository.recipient(p.user_id);
    if (!who) return;
    const course = await this.courses.find(p.course_id, p.user_id, who.locale, 'visible');
    const eventAt = p.kind === 'recording' ? null : (course?.start_at ?? start);
    const deliverAt = await this.preferences.deliverAt(p.user_id, { at: now, eventAt });
    const notBefore = deliverAt.getTime() > now.getTime() ? deliverAt : undefined;
    const inTransaction = once ?? ((work: (tx: Transaction) => Promise<void>) => this.uow.run(work));
    await inTransaction(async (tx) => {
      if (!(await this.repository.claim(p.kind, p.subscription_id, start, tx))) return;
      // Late (a queue that was down): a reminder past its window is not news any more; the mark stays.
      if (!course || !reminderDue(p.kind, course, now)) return;
      if (p.kind === 'recording' && (await this.repository.watched(p.course_id, p.user_id, tx))) return;
      const link = coursePageUrl(this.config.publicUrl, course.id, course.type);
      // Its own outbox key: the reminder's job already holds reminderJobKey.
      const key = `${reminderJobKey(p.kind, p.subscription_id, start)}:notification`;
      const when = osloDateTime(course.start_at, who.locale);
      await this.notifications.publish(
        tx,
        {
          user_id: p.user_id,
          kind: p.kind === 'recording' ? 'course_recording' : 'course_reminder',
          actor_user_id: null,
          partner_company_id: null,
          entity_type: 'course',
          entity_id: course.id,
          data: { title: course.title, type: course.type, start_at: course.start_at.toISOString(), reminder: p.kind },
        },
        key,
      );
      // The 24-hour reminder held back past the start of the 1-hour one would arrive together with it.
      const overtaken = p.kind === '24h' && notBefore !== undefined && notBefore >= reminderWindow('24h', course).until;
      if (overtaken) return;
      if (who.by_email) {
        const base = { to: who.email, locale: who.locale, userId: p.user_id };
        if (p.kind === 'recording') {
          await this.mail.send({ ...base, template: 'course_recording', vars: { name: who.first_name, title: course.title, link }, notBefore }, tx);
        } else {
          await this.mail.send(
            {
              ...base,
              template: p.kind === '24h' ? 'course_reminder_24h' : 'course_reminder_1h',
              vars: { name: who.first_name, title: course.title, start: when, link },
              attachments: [{ filename: `course-${course.id}.ics`, content_type: 'text/calendar; charset=utf-8', text: courseIcs(course, this.config.publicUrl) }],
              notBefore,
            },
            tx,
          );
        }
      }
      if (who.by_sms && who.mobile) {
        const template = p.kind === 'recording' ? 'recording' : p.kind === '24h' ? 'reminder_24h' : 'reminder_1h';
        await this.mail.sendSms(
          {
            to: who.mobile,
            userId: p.user_id,
            locale: who.locale,
            template: `course_${template}`,
            text: translate(who.locale, `course_webinar.sms.${template}`, { title: course.title, start: when, link }),
            notBefore,
          },
          tx,
        );
      }
    });
  }
}
