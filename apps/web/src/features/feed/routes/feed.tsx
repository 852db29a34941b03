import { FeedPage } from '../components/feed-page';

export { FeedPage as Component };
