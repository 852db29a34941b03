import { NotificationSettingsPage } from '../components/notification-settings-page';

export { NotificationSettingsPage as Component };
