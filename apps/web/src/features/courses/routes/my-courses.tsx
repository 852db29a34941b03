import { MyCoursesPage } from '../components/my-courses-page';

export { MyCoursesPage as Component };
