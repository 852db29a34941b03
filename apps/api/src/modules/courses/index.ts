// What other modules may use of courses (eslint: a module imports another only through its index.ts).
export { CoursesModule } from './courses.module';
export { CoursesService } from './courses.service';
