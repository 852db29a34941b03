import { AdminMediaPage } from '../components/admin-media-page';

export { AdminMediaPage as Component };
