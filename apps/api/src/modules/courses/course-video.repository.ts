import { Injectable } from '@nestjs/common';
import { type Database, schema } from '@legenett/db';
import { and, eq, sql } from 'drizzle-orm';
import { managesCompanySql } from '../../common/access';
import { InjectDatabase } from '../../database/database.module';
import { type Transaction } from '../../database/unit-of-work';
import { type StreamTarget } from '../../common/files/stream-response';

const { courses, courseSubscriptions, storedFiles } = schema;

/** The webinar video's rows (docs/courses.md "Webinar video"). */
@Injectable()
export class CourseVideoRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** The course's state, locked until the transaction ends (an approval or a cancel waits for the upload). */
  async lock(courseId: number, tx: Transaction) {
    const [row] = await tx
      .select({ type: courses.type, status: courses.status, start_at: courses.start_at, video_file_id: courses.video_file_id })
      .from(courses)
      .where(eq(courses.id, courseId))
      .for('update');
    return row ?? null;
  }

  /** Points the course at its new video (no list version: the catalogue does not show the file). */
  async setVideo(courseId: number, fileId: number, tx: Transaction): Promise<void> {
    await tx.update(courses).set({ video_file_id: fileId, video_uploaded_at: sql`now()` }).where(eq(courses.id, courseId));
  }

  /**
   * The stored video `userId` may play now (the rule of `mayPlayVideo`, in SQL): an organiser always;
   * of an approved course, someone with a seat, or anyone once it has ended. One indexed read per request.
   */
  async streamTarget(courseId: number, userId: number): Promise<StreamTarget | null> {
    const [row] = await this.db
      .select({ key: storedFiles.storage_key, contentType: storedFiles.content_type, size: storedFiles.size_bytes })
      .from(courses)
      .innerJoin(storedFiles, eq(storedFiles.id, courses.video_file_id))
      .where(
        and(
          eq(courses.id, courseId),
          sql`(${courses.user_id} = ${userId} or ${managesCompanySql(userId, courses.partner_company_id)}
            or (${courses.status} = 'approved' and (${courses.ends_at} <= now()
              or exists (select 1 from ${courseSubscriptions} s where s.course_id = ${courses.id} and s.user_id = ${userId} and s.status = 'attending'))))`,
        ),
      )
      .limit(1);
    return row ?? null;
  }
}
