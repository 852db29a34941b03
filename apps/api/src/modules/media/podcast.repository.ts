import { Injectable } from '@nestjs/common';
import { type Role } from '@legenett/contracts';
import { type Database, schema } from '@legenett/db';
import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { InjectDatabase } from '../../database/database.module';
import { type UserStatus } from '../../common/auth';
import { mediaAccessibleSql } from '../../common/access';
import { publishedSql, type Viewer } from './media.repository';

const { podcastFeeds, users, userInfo, audioTracks, storedFiles } = schema;

export interface FeedOwner {
  feedId: number;
  userId: number;
  status: UserStatus;
  deleted: boolean;
  approvedHrp: number;
  roles: Role[];
}

/** Private podcast feeds: tokens (hashes only), who they belong to, and the tracks they list. */
@Injectable()
export class PodcastRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** The user's live feed (not revoked, not expired), or null. */
  async active(userId: number) {
    const [row] = await this.db
      .select({ expires_at: podcastFeeds.expires_at, created_at: podcastFeeds.created_at })
      .from(podcastFeeds)
      .where(and(eq(podcastFeeds.user_id, userId), isNull(podcastFeeds.revoked_at), gt(podcastFeeds.expires_at, sql`now()`)))
      .orderBy(desc(podcastFeeds.id))
      .limit(1);
    return row ?? null;
  }

  /** Revokes the user's feeds and makes a new one, in one transaction (one live feed per user). */
  async replace(userId: number, tokenHash: string, expiresAt: Date) {
    return this.db.transaction(async (tx) => {
      await tx
        .update(podcastFeeds)
        .set({ revoked_at: sql`now()` })
        .where(and(eq(podcastFeeds.user_id, userId), isNull(podcastFeeds.revoked_at)));
      const [row] = await tx
        .insert(podcastFeeds)
        .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt })
        .returning({ expires_at: podcastFeeds.expires_at, created_at: podcastFeeds.created_at });
      return row!;
    });
  }

  async revoke(userId: number): Promise<void> {
    await this.db
      .update(podcastFeeds)
      .set({ revoked_at: sql`now()` })
      .where(and(eq(podcastFeeds.user_id, userId), isNull(podcastFeeds.revoked_at)));
  }

  /** The owner of a live feed token (with what decides their access now), or null. */
  async owner(tokenHash: string): Promise<FeedOwner | null> {
    const [row] = await this.db
      .select({
        feedId: podcastFeeds.id,
        userId: users.id,
        status: users.status,
        deleted: sql<boolean>`${users.deleted_at} is not null`,
        approvedHrp: sql<number>`coalesce(${userInfo.approved_hrp}, 0)`.mapWith(Number),
        roles: sql<Role[]>`array(select r.code from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${users.id} order by r.code)`,
      })
      .from(podcastFeeds)
      .innerJoin(users, eq(users.id, podcastFeeds.user_id))
      .leftJoin(userInfo, eq(userInfo.user_id, users.id))
      .where(and(eq(podcastFeeds.token_hash, tokenHash), isNull(podcastFeeds.revoked_at), gt(podcastFeeds.expires_at, sql`now()`)))
      .limit(1);
    return row ?? null;
  }

  /** The newest published tracks with a file that the viewer may hear. */
  tracks(viewer: Viewer, limit = 100) {
    return this.db
      .select({
        id: audioTracks.id,
        title: audioTracks.title,
        description: audioTracks.description,
        published_at: audioTracks.published_at,
        duration_seconds: audioTracks.duration_seconds,
        content_type: storedFiles.content_type,
        size: storedFiles.size_bytes,
      })
      .from(audioTracks)
      .innerJoin(storedFiles, eq(storedFiles.id, audioTracks.file_id))
      .where(and(publishedSql(audioTracks), mediaAccessibleSql(audioTracks, viewer), isNotNull(audioTracks.file_id)))
      .orderBy(desc(audioTracks.published_at), desc(audioTracks.id))
      .limit(limit);
  }

  /** The file of one track the viewer may hear, for the feed's enclosure route. */
  async trackFile(id: number, viewer: Viewer) {
    const [row] = await this.db
      .select({ key: storedFiles.storage_key, contentType: storedFiles.content_type, size: storedFiles.size_bytes })
      .from(audioTracks)
      .innerJoin(storedFiles, eq(storedFiles.id, audioTracks.file_id))
      .where(and(eq(audioTracks.id, id), publishedSql(audioTracks), mediaAccessibleSql(audioTracks, viewer)))
      .limit(1);
    return row ?? null;
  }
}
