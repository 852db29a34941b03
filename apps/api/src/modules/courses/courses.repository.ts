import { Injectable } from '@nestjs/common';
import { type Database, schema } from '@legenett/db';
import { and, eq, inArray } from 'drizzle-orm';
import { type AccountTx, type ExportRows } from '../../common/account-data';
import { InjectDatabase } from '../../database/database.module';

const { courses, courseSubscriptions, courseViewRecords } = schema;

/**
 * Courses and webinars. So far only what account erasure and export need: the tables exist before
 * the courses endpoints, and a person's rows in them must still be erased. The courses feature
 * grows this repository; it keeps these two methods.
 */
@Injectable()
export class CoursesRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  // ---------- account erasure and export (docs/how-to/erase-and-export-user-data.md) ----------

  async eraseAccount(tx: AccountTx, userId: number): Promise<void> {
    // Courses nobody else took part in (not approved) go; approved or cancelled ones stay, anonymised.
    // The video of a course that goes is then used by nothing: the files step deletes it.
    await tx
      .delete(courses)
      .where(and(eq(courses.user_id, userId), inArray(courses.status, ['draft', 'submitted', 'rejected'])));
    await tx.delete(courseSubscriptions).where(eq(courseSubscriptions.user_id, userId));
    await tx.update(courseViewRecords).set({ user_id: null }).where(eq(courseViewRecords.user_id, userId));
  }

  async exportAccount(userId: number): Promise<Record<string, ExportRows>> {
    return {
      courses: await this.db.select().from(courses).where(eq(courses.user_id, userId)),
      course_subscriptions: await this.db
        .select()
        .from(courseSubscriptions)
        .where(eq(courseSubscriptions.user_id, userId)),
      course_views: await this.db
        .select()
        .from(courseViewRecords)
        .where(eq(courseViewRecords.user_id, userId)),
    };
  }
}
