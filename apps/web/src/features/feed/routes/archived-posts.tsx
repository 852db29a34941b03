import { ArchivedPostsPage } from '../components/archived-posts-page';

export { ArchivedPostsPage as Component };
