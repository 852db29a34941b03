import { JobEditPage } from '../components/job-edit-page';

export function Component() {
  return <JobEditPage create={false} />;
}
