// Integration specs under src/common reach the feature modules through here, never directly:
// eslint keeps src/common from importing src/modules (or the app), so the import graph shows
// common below the modules. A spec that needs a module's provider or constant re-exports it here
// from that module's index.ts.
export { HousekeepingService } from '../src/modules/housekeeping';
export { NotificationPublisher } from '../src/modules/notifications';
export { ADDRESS_TAKEN_JOB, FORGOT_PASSWORD_JOB } from '../src/modules/registration';
