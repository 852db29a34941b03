import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '@/shared/ui/notify';

/**
 * Where toasts show: loaded after the first paint (`provider.tsx`). A module of its own, because a
 * dynamic import of `@mantine/notifications` itself would keep all of it in the start-up chunk, where
 * `notify()` imports the package's store.
 */
export function Toasts() {
  return <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} limit={6} zIndex={500} />;
}
