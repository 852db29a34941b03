import { JobBoardPage } from '../components/job-board-page';

export { JobBoardPage as Component };
