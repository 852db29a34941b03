import { CourseCataloguePage } from '../components/course-catalogue-page';

export { CourseCataloguePage as Component };
