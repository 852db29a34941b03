import { Injectable } from '@nestjs/common';
import { COURSE_VIDEO_FIELD } from '@legenett/contracts';
import { type AppConfig } from '../../config';
import { MediaUploadInterceptor } from '../../common/files/media-upload.interceptor';

/** A webinar video (`video`) to a temporary file, up to COURSE_VIDEO_MAX_MB (413 above): the media upload with the course's cap. */
@Injectable()
export class CourseVideoUploadInterceptor extends MediaUploadInterceptor {
  protected override upload(config: AppConfig): { field: string; maxBytes: number } {
    return { field: COURSE_VIDEO_FIELD, maxBytes: config.courses.videoMaxBytes };
  }
}
