import { AlertsModule } from '../alerts';
import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications';
import { ReferenceModule } from '../reference';
import { CourseRecordsAccountData } from './course-records.account-data';
import { CourseCertificatesController, SmallGroupsController } from './course-records.controller';
import { CourseRecordsRepository } from './course-records.repository';
import { CourseRecordsService } from './course-records.service';
import { CourseRemindersRepository } from './course-reminders.repository';
import { CourseRemindersService } from './course-reminders.service';
import { CourseVideoController } from './course-video.controller';
import { CourseVideoLinks } from './course-video-links';
import { CourseVideoRepository } from './course-video.repository';
import { CourseVideoService } from './course-video.service';
import { CoursesAccountData } from './courses.account-data';
import { AdminCoursesController, CoursesController, MyCoursesController } from './courses.controller';
import { CoursesRepository } from './courses.repository';
import { CoursesService } from './courses.service';
import { CoursesDigestSection } from './courses-digest.section';

/** Courses and webinars (spec points 3, 4, 7; docs/courses.md). */
@Module({
  imports: [ReferenceModule, NotificationsModule, AlertsModule],
  // The course log's static path (/courses/my/log) is registered before /courses/:id.
  controllers: [
    CourseCertificatesController,
    CoursesController,
    MyCoursesController,
    AdminCoursesController,
    SmallGroupsController,
    CourseVideoController,
  ],
  exports: [CoursesService],
  providers: [
    CoursesService,
    CoursesRepository,
    CoursesAccountData,
    CourseRecordsService,
    CourseRecordsRepository,
    CourseRecordsAccountData,
    CourseVideoService,
    CourseVideoRepository,
    CourseVideoLinks,
    CourseRemindersService,
    CourseRemindersRepository,
    CoursesDigestSection,
  ],
})
export class CoursesModule {}
