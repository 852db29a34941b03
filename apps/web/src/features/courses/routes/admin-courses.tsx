import { AdminCoursesPage } from '../components/admin-courses-page';

export { AdminCoursesPage as Component };
