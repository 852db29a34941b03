import { CourseDetailsPage } from '../components/course-details-page';

export { CourseDetailsPage as Component };
