import { Injectable } from '@nestjs/common';
import { type Database, schema as s } from '@legenett/db';
import { and, eq, exists, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { InjectDatabase } from '../../database/database.module';

/**
 * One bounded statement per call: at most `limit` rows, found through the expiry indexes. Rows
 * another transaction holds are skipped (the next run takes them), so a purge never waits on users.
 * Each method answers how many rows it deleted or cleared.
 */
@Injectable()
export class HousekeepingRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  private async deleteBatch(table: PgTable, id: PgColumn, where: SQL, limit: number): Promise<number> {
    const batch = this.db
      .select({ id })
      .from(table)
      .where(where)
      .limit(limit)
      .for('update', { skipLocked: true });
    const result = await this.db.delete(table).where(inArray(id, batch));
    return result.rowCount ?? 0;
  }

  /** Expired codes that can no longer serve: used, or the address is verified (or the account gone) anyway. */
  deleteEmailVerificationCodes(expiredBefore: Date, limit: number): Promise<number> {
    const codes = s.emailVerificationCodes;
    const settled = exists(
      this.db
        .select({ one: sql`1` })
        .from(s.users)
        .where(
          and(
            eq(s.users.id, codes.user_id),
            or(isNotNull(s.users.email_verified_at), isNotNull(s.users.deleted_at)),
          ),
        ),
    );
    return this.deleteBatch(
      codes,
      codes.id,
      and(lt(codes.expires_at, expiredBefore), or(isNotNull(codes.used_at), settled))!,
      limit,
    );
  }

  deletePasswordResetTokens(expiredBefore: Date, limit: number): Promise<number> {
    const tokens = s.passwordResetTokens;
    return this.deleteBatch(tokens, tokens.id, lt(tokens.expires_at, expiredBefore), limit);
  }

  /** E-mail changes never confirmed: the pending address and its token go, the account stays. */
  async clearEmailChanges(expiredBefore: Date, limit: number): Promise<number> {
    const u = s.users;
    const batch = this.db
      .select({ id: u.id })
      .from(u)
      .where(lt(u.pending_email_expires_at, expiredBefore))
      .limit(limit)
      .for('update', { skipLocked: true });
    const result = await this.db
      .update(u)
      // Housekeeping is not an edit of the account: updated_at keeps its value.
      .set({
        pending_email: null,
        pending_email_token_hash: null,
        pending_email_expires_at: null,
        updated_at: sql`${u.updated_at}`,
      })
      .where(inArray(u.id, batch));
    return result.rowCount ?? 0;
  }

  /** Every status: pending ones past expiry can no longer complete, completed ones no longer register. */
  deleteIdentitySessions(expiredBefore: Date, limit: number): Promise<number> {
    const sessions = s.identitySessions;
    return this.deleteBatch(sessions, sessions.id, lt(sessions.expires_at, expiredBefore), limit);
  }

  /** Login sessions past their absolute lifetime or revoked; their refresh tokens go with them (cascade). */
  deleteRefreshTokenFamilies(endedBefore: Date, limit: number): Promise<number> {
    const families = s.refreshTokenFamilies;
    const ended = or(lt(families.absolute_expires_at, endedBefore), lt(families.revoked_at, endedBefore))!;
    return this.deleteBatch(families, families.id, ended, limit);
  }

  /** Jobs that ran; pending ones stay, however old (they are retried until they run). */
  deleteDoneJobs(doneBefore: Date, limit: number): Promise<number> {
    const jobs = s.jobOutbox;
    return this.deleteBatch(jobs, jobs.id, and(eq(jobs.status, 'done'), lt(jobs.done_at, doneBefore))!, limit);
  }

  /** Jobs that failed in every attempt, once their (longer) retention has passed. */
  deleteFailedJobs(failedBefore: Date, limit: number): Promise<number> {
    const jobs = s.jobOutbox;
    return this.deleteBatch(jobs, jobs.id, and(eq(jobs.status, 'failed'), lt(jobs.failed_at, failedBefore))!, limit);
  }

  /** Delivered messages only: queued and failed ones stay for the admin's outbox view. */
  deleteSentOutboxMessages(sentBefore: Date, limit: number): Promise<number> {
    const outbox = s.outboxMessages;
    return this.deleteBatch(
      outbox,
      outbox.id,
      and(eq(outbox.status, 'sent'), lt(outbox.sent_at, sentBefore))!,
      limit,
    );
  }
}
