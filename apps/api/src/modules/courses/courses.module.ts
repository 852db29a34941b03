import { Module } from '@nestjs/common';
import { CoursesAccountData } from './courses.account-data';
import { CoursesRepository } from './courses.repository';

/**
 * Courses and webinars. The endpoints are not built yet, but the tables are, so the erasure rules for
 * them live here already; the courses feature adds its controller and service to this module.
 */
@Module({
  providers: [CoursesRepository, CoursesAccountData],
})
export class CoursesModule {}
