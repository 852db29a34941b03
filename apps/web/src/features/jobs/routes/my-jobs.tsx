import { MyJobsPage } from '../components/my-jobs-page';

export { MyJobsPage as Component };
