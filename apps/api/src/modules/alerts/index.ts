// What other modules may use of alerts (eslint: a module imports another only through its index.ts).
export { AlertsModule } from './alerts.module';
export { AlertTrigger, AlertsDigestReader } from './alert-matcher.service';
