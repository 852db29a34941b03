import { schema } from '@legenett/db';
import { and, eq, inArray } from 'drizzle-orm';
import { LEGE } from './data/content';
import { type Executor } from './upsert';

const s = schema;
const MINUTE = 60_000;

/** The recorded webinar the demo doctor watched almost to the end (eligible for a certificate). */
const WATCHED = 'Diabetes type 2 – opptak fra høstens webinar';
/** A past webinar the demo doctor left early (in the course log, no certificate). */
const LEFT_EARLY = 'Hodepine – når skal du henvise?';
const SMALL_GROUP = 'Smågruppe allmennmedisin Oslo vest';

/** Logged meetings of the demo small group: days ago, topic, hours, who was present. */
const MEETINGS = [
  {
    daysAgo: 62,
    topic: 'Astma hos barn – diagnostikk og inhalasjonsteknikk',
    hours: 2,
    present: [LEGE, 'emilie.lunde@demo.no', 'camilla.ruud@demo.no'],
  },
  {
    daysAgo: 20,
    topic: 'Hypertensjon hos eldre – når skal vi trappe ned?',
    hours: 2.5,
    present: [LEGE, 'camilla.ruud@demo.no'],
  },
] as const;
/** Waiting for the organiser (Hanne Solberg) to answer. */
const REQUEST = {
  email: 'silje.moen@demo.no',
  message: 'Jeg er ny fastlege på Majorstuen og vil gjerne bli med i gruppen.',
};

type Ids = ReadonlyMap<string, number>;

/**
 * Course log, certificate and small-group demo data (docs/courses.md): the demo doctor watched a
 * recorded webinar (55 of 60 minutes live, eligible for a certificate) and 20 minutes of another, and
 * is a member of the demo small group with two logged meetings; another doctor's request is pending.
 * Idempotent: nothing is added where the user already has viewings, or the group already has meetings.
 */
export async function seedCourseRecords(
  tx: Executor,
  users: Ids,
  courseIds: Ids,
  date: (days: number) => string,
  tally: { add: (what: string, n?: number) => void },
): Promise<void> {
  const lege = users.get(LEGE);
  if (lege === undefined) return;
  const viewed = [
    { title: WATCHED, from: 0, to: 55 },
    { title: LEFT_EARLY, from: 5, to: 25 },
  ];
  for (const v of viewed) {
    const courseId = courseIds.get(v.title);
    if (courseId === undefined) continue;
    const [course] = await tx
      .select({ start: s.courses.start_at })
      .from(s.courses)
      .where(eq(s.courses.id, courseId));
    const existing = await tx
      .select({ id: s.courseViewRecords.id })
      .from(s.courseViewRecords)
      .where(and(eq(s.courseViewRecords.course_id, courseId), eq(s.courseViewRecords.user_id, lege)))
      .limit(1);
    if (!course || existing.length > 0) continue;
    await tx.insert(s.courseViewRecords).values({
      course_id: courseId,
      user_id: lege,
      entered_at: new Date(course.start.getTime() + v.from * MINUTE),
      left_at: new Date(course.start.getTime() + v.to * MINUTE),
    });
    tally.add('course views');
  }

  const groupId = courseIds.get(SMALL_GROUP);
  if (groupId === undefined) return;
  const [course] = await tx
    .select({ owner: s.courses.user_id })
    .from(s.courses)
    .where(eq(s.courses.id, groupId));
  const logged = await tx
    .select({ id: s.courseMeetings.id })
    .from(s.courseMeetings)
    .where(eq(s.courseMeetings.course_id, groupId))
    .limit(1);
  if (logged.length === 0) {
    for (const m of MEETINGS) {
      const [row] = await tx
        .insert(s.courseMeetings)
        .values({
          course_id: groupId,
          held_on: date(-m.daysAgo),
          topic: m.topic,
          hours: m.hours,
          created_by_user_id: course?.owner ?? null,
        })
        .returning({ id: s.courseMeetings.id });
      const present = m.present
        .map((email) => users.get(email))
        .filter((id): id is number => id !== undefined);
      if (row && present.length > 0) {
        await tx
          .insert(s.courseMeetingAttendance)
          .values(present.map((user_id) => ({ meeting_id: row.id, user_id })));
      }
      tally.add('small-group meetings');
    }
  }
  const requester = users.get(REQUEST.email);
  if (requester !== undefined) {
    const inserted = await tx
      .insert(s.courseJoinRequests)
      .values({ course_id: groupId, user_id: requester, message: REQUEST.message })
      .onConflictDoNothing()
      .returning({ id: s.courseJoinRequests.id });
    tally.add('join requests', inserted.length);
  }
  // The members joined through accepted requests.
  const members = await tx
    .select({ user_id: s.courseSubscriptions.user_id })
    .from(s.courseSubscriptions)
    .where(
      and(eq(s.courseSubscriptions.course_id, groupId), inArray(s.courseSubscriptions.status, ['attending'])),
    );
  if (members.length > 0) {
    await tx
      .insert(s.courseJoinRequests)
      .values(
        members.map((m) => ({
          course_id: groupId,
          user_id: m.user_id,
          status: 'accepted' as const,
          decided_at: new Date(),
          decided_by_user_id: course?.owner ?? null,
        })),
      )
      .onConflictDoNothing();
  }
}
