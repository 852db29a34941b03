import { MyCoursePage } from '../components/my-course-page';

export { MyCoursePage as Component };
