import { Injectable } from '@nestjs/common';
import { type Locale } from '@legenett/contracts';
import { type Request, type Response } from 'express';
import { type Principal } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { FilesService } from '../../common/files/files.service';
import { UnitOfWork } from '../../database/unit-of-work';
import { readHead, sniffMedia } from '../../common/files/media-probe';
import { sendStored } from '../../common/files/stream-response';
import { CourseVideoLinks } from './course-video-links';
import { CourseVideoRepository } from './course-video.repository';
import { videoUploadRefusal } from './course-video.rules';
import { CoursesRepository } from './courses.repository';

const FIELD = 'video';

/**
 * A webinar's uploaded video (docs/courses.md "Webinar video"): the organiser uploads it (mp4 or
 * webm by its first bytes) at least 2 days before the start; it is played with range requests from
 * a signed address bound to the viewer, through the media module's ranged serving.
 */
@Injectable()
export class CourseVideoService {
  constructor(
    private readonly courses: CoursesRepository,
    private readonly repository: CourseVideoRepository,
    private readonly files: FilesService,
    private readonly uow: UnitOfWork,
    private readonly links: CourseVideoLinks,
  ) {}

  private static refuse(reason: NonNullable<ReturnType<typeof videoUploadRefusal>>): AppError {
    if (reason === 'cancelled') return new AppError('CONFLICT', { message: 'course_webinar.errors.cancelled' });
    return new AppError('VALIDATION', { fields: { [FIELD]: [`course_webinar.errors.${reason}`] } });
  }

  /** Stores the upload and points the course at it; a previous video is removed after the commit. */
  async upload(me: Principal, id: number, upload: Express.Multer.File | undefined, locale: Locale): Promise<void> {
    // Ownership first: another's course is a 404 whatever the file.
    const row = await this.courses.find(id, me.userId, locale, 'editable');
    if (!row) throw AppError.notFound();
    const early = videoUploadRefusal(row, new Date());
    if (early) throw CourseVideoService.refuse(early);
    if (!upload || upload.size === 0) throw new AppError('VALIDATION', { fields: { [FIELD]: ['course_webinar.errors.missing'] } });
    const format = sniffMedia(await readHead(upload.path), 'video');
    if (!format) throw new AppError('VALIDATION', { fields: { [FIELD]: ['course_webinar.errors.wrong_type'] } });
    const stored = await this.files.storeChecked(
      { path: upload.path },
      {
        kind: 'course_video',
        owner: me.userId,
        area: 'courses',
        ext: format.ext,
        contentType: format.contentType,
        size: upload.size,
        originalName: upload.originalname,
      },
    );
    let previous: number | null;
    try {
      previous = await this.uow.run(async (tx) => {
        // Checked again under the row lock: the clock moved during the upload, or the course was cancelled.
        const locked = await this.repository.lock(id, tx);
        if (!locked) throw AppError.notFound();
        const late = videoUploadRefusal(locked, new Date());
        if (late) throw CourseVideoService.refuse(late);
        await this.repository.setVideo(id, stored.id, tx);
        return locked.video_file_id;
      });
    } catch (err) {
      await this.files.remove(stored.id);
      throw err;
    }
    if (previous !== null) await this.files.remove(previous);
  }

  /** `GET /api/courses/:id/video?u=&expires=&signature=`: the bytes, in ranges (206), for the user the address was made for. */
  async stream(courseId: number, query: Record<string, unknown>, req: Request, res: Response): Promise<void> {
    const userId = this.links.check(courseId, query);
    if (userId === null) throw new AppError('ROUTE_NOT_FOUND');
    if (userId === 'expired') throw new AppError('FORBIDDEN', { reason: 'not_owner', message: 'media.errors.link_expired' });
    const file = await this.repository.streamTarget(courseId, userId);
    if (!file) throw new AppError('ROUTE_NOT_FOUND');
    await sendStored(this.files, req, res, file, `private, max-age=${Math.max(0, Number(query.expires) - Math.floor(Date.now() / 1000))}`);
  }
}

