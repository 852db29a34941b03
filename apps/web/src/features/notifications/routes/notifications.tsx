import { NotificationsPage } from '../components/notifications-page';

export { NotificationsPage as Component };
