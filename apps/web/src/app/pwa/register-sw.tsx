import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { i18n } from '@/shared/i18n/i18n';

/** The toast that offers a new build; one at a time. */
export const UPDATE_TOAST_ID = 'app-update';

/** What this module needs of workbox-window's `Workbox` (a stand-in in the tests). */
export interface ServiceWorkerHost {
  addEventListener(type: 'waiting', listener: () => void): void;
  addEventListener(type: 'controlling', listener: (event: { isUpdate?: boolean }) => void): void;
  messageSkipWaiting(): void;
  register(): Promise<unknown>;
}

/**
 * Registers the service worker (src/sw/sw.ts) and offers a new build when one is waiting: a toast
 * that stays until it is used or closed, "Ny versjon – last inn på nytt". Only that click lets the new
 * worker take over (a form being written is never reloaded away); the page then reloads once the
 * new worker controls it. The new worker removes the old build's caches when it activates.
 */
export function registerServiceWorker(host: ServiceWorkerHost, reload: () => void = () => window.location.reload()) {
  let accepted = false;
  host.addEventListener('waiting', () => {
    notifications.show({
      id: UPDATE_TOAST_ID,
      autoClose: false,
      withCloseButton: true,
      message: (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{i18n.t('app_update.available', { ns: 'web' })}</Text>
          <Button
            size="xs"
            onClick={() => {
              accepted = true;
              notifications.hide(UPDATE_TOAST_ID);
              host.messageSkipWaiting();
            }}
          >
            {i18n.t('app_update.reload', { ns: 'web' })}
          </Button>
        </Stack>
      ),
    });
  });
  host.addEventListener('controlling', (event) => {
    if (event.isUpdate && accepted) reload();
  });
  return host.register();
}

/** In the built app: workbox-window's client for `/sw.js` (loaded here, after the page, not at start-up). */
export async function startServiceWorker(): Promise<void> {
  const { Workbox } = await import('workbox-window');
  await registerServiceWorker(new Workbox('/sw.js', { scope: '/' }));
}
