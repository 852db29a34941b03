import { JobDetailsPage } from '../components/job-details-page';

export function Component() {
  return <JobDetailsPage mine={false} />;
}
