import { Controller, Get, Param, Query, Req, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import { courseWebinarEndpoints as ep, IdSchema, type Locale } from '@legenett/contracts';
import { type Request, type Response } from 'express';
import { CurrentPrincipal, type Principal, Public } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { Params, type ParamsOf, Route } from '../../common/http';
import { RequestLocale } from '../../common/i18n/locale';
import { CourseVideoUploadInterceptor } from './course-video-upload.interceptor';
import { CourseVideoService } from './course-video.service';
import { CoursesService } from './courses.service';

/** A webinar's uploaded video: the organiser's upload and the signed, ranged playback. */
@ApiTags('Courses')
@Controller()
export class CourseVideoController {
  constructor(
    private readonly video: CourseVideoService,
    private readonly courses: CoursesService,
  ) {}

  @Route(ep.uploadVideo)
  @UseInterceptors(CourseVideoUploadInterceptor)
  async upload(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Params() p: ParamsOf<typeof ep.uploadVideo>,
    @UploadedFile() file: Express.Multer.File | undefined,
  ) {
    await this.video.upload(me, p.id, file, locale);
    return this.courses.myShow(me, p.id, locale);
  }

  /** A `<video>` sends no bearer header: the signed address names and binds the viewer (docs/courses.md). */
  @Public()
  @ApiExcludeEndpoint()
  @Get('courses/:id/video')
  async stream(@Param('id') rawId: string, @Query() query: Record<string, unknown>, @Req() req: Request, @Res() res: Response): Promise<void> {
    const id = IdSchema.safeParse(rawId);
    if (!id.success) throw new AppError('ROUTE_NOT_FOUND');
    await this.video.stream(id.data, query, req, res);
  }
}
