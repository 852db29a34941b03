import { Injectable } from '@nestjs/common';
import { SignedLinks } from '../../common/security/signed-links';
import { type AppConfig, InjectConfig } from '../../config';
import { mayPlayVideo } from './course-video.rules';
import { type CourseRow } from './courses.repository';

const resourceOf = (courseId: number) => `course-video/${courseId}`;

/**
 * The address a `<video>` element plays a webinar's upload from: `SignedLinks` bound to the viewer
 * (`subject`), working one to two hours (`MEDIA_URL_TTL_SECONDS`, as the media archive's), so the
 * same page reloaded within the hour gets the same address and the browser's cache.
 */
@Injectable()
export class CourseVideoLinks {
  private readonly ttlSeconds: number;

  constructor(
    private readonly links: SignedLinks,
    @InjectConfig() config: AppConfig,
  ) {
    this.ttlSeconds = config.media.urlTtlSeconds;
  }

  /** The viewer's address of the course's video, or null without one or when they may not play it. */
  urlFor(row: Pick<CourseRow, 'id' | 'video_file_id' | 'status' | 'ends_at' | 'can_edit' | 'my_subscription'>, viewerId: number, now: Date): string | null {
    if (row.video_file_id === null || !mayPlayVideo(row, now)) return null;
    const { expires, signature } = this.links.sign(resourceOf(row.id), { ttlSeconds: this.ttlSeconds, subject: viewerId }, now.getTime());
    return `/api/courses/${row.id}/video?u=${viewerId}&expires=${expires}&signature=${signature}`;
  }

  /** The user a signed address was made for; 'expired' for a genuine one past its time; null when forged. */
  check(courseId: number, query: { u?: unknown; expires?: unknown; signature?: unknown }): number | 'expired' | null {
    if (typeof query.u !== 'string' || !/^\d{1,10}$/.test(query.u)) return null;
    const userId = Number(query.u);
    const verdict = this.links.check(resourceOf(courseId), query.expires, query.signature, userId);
    if (verdict === 'invalid') return null;
    return verdict === 'expired' ? 'expired' : userId;
  }
}
