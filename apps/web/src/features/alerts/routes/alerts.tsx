import { AlertsPage } from '../components/alerts-page';

/** `/alerts`: my alerts (saved searches). */
export function Component() {
  return <AlertsPage />;
}
