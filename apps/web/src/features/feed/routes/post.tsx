import { PostPage } from '../components/post-page';

export { PostPage as Component };
