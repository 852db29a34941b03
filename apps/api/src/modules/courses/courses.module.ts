import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { ReferenceModule } from '../reference/reference.module';
import { CoursesAccountData } from './courses.account-data';
import { AdminCoursesController, CoursesController, MyCoursesController } from './courses.controller';
import { CoursesRepository } from './courses.repository';
import { CoursesService } from './courses.service';

/** Courses and webinars (spec points 3, 4, 7; docs/courses.md). */
@Module({
  imports: [ReferenceModule, NotificationsModule],
  controllers: [CoursesController, MyCoursesController, AdminCoursesController],
  exports: [CoursesService],
  providers: [CoursesService, CoursesRepository, CoursesAccountData],
})
export class CoursesModule {}
