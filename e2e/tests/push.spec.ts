import { createECDH, randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { logInViaApi, ourBaseURL } from './fixtures';

/**
 * Push notifications in Chromium (issue 41, docs/push-and-pwa.md): the worker installs; push is turned
 * on by a click on our own explanation (never asked on load), the subscription reaches the API and
 * the device is listed; a push delivered over the DevTools protocol shows the notification the worker
 * makes of it: the title, the group's tag, the page to open.
 *
 * One stand-in: Chromium registers a subscription with Google's push service (FCM), which this
 * machine cannot reach, so `pushManager.subscribe` is answered in the page by a subscription with keys
 * made here and an endpoint at 127.0.0.1 (the address rule outside production). Everything else is
 * the browser's and the product's own: the permission, the worker, the API, the notification.
 */

async function controlledBy(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, { timeout: 20_000 });
}

test('the worker installs, push is turned on by a click, and a delivered push shows its notification', async ({ page, context }) => {
  const ecdh = createECDH('prime256v1');
  const keys = { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
  const endpoint = `http://127.0.0.1:9/push/${randomBytes(8).toString('hex')}`;
  await page.addInitScript(
    ({ endpoint, keys }) => {
      const w = window as unknown as { __push: { asked: number; serverKey: string | null } };
      w.__push = { asked: 0, serverKey: null };
      const request = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = () => {
        w.__push.asked += 1;
        return request();
      };
      let current: PushSubscription | null = null;
      const made = {
        endpoint,
        expirationTime: null,
        options: {},
        getKey: () => null,
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: () => {
          current = null;
          return Promise.resolve(true);
        },
      } as unknown as PushSubscription;
      PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey;
        const bytes = key instanceof ArrayBuffer ? new Uint8Array(key) : ArrayBuffer.isView(key) ? new Uint8Array(key.buffer, key.byteOffset, key.byteLength) : null;
        w.__push.serverKey = bytes ? btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') : null;
        current = made;
        return Promise.resolve(made);
      };
      PushManager.prototype.getSubscription = () => Promise.resolve(current);
    },
    { endpoint, keys },
  );

  const login = await logInViaApi(page, 'nora.eide@demo.no');
  await page.goto('/notification_settings');
  await controlledBy(page);
  const section = page.getByRole('region', { name: 'Push-varsler på denne enheten' });
  await expect(section.getByText(/aldri selve meldingen/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Varsler etter type og kanal' }).getByRole('columnheader', { name: 'Push' })).toBeVisible();
  // Nothing is asked when the page loads.
  expect(await page.evaluate(() => (window as unknown as { __push: { asked: number } }).__push.asked)).toBe(0);

  await context.grantPermissions(['notifications'], { origin: ourBaseURL() });
  const added = page.waitForResponse((r) => r.url().endsWith('/api/user/push-subscriptions') && r.request().method() === 'POST');
  await section.getByRole('button', { name: 'Slå på push-varsler på denne enheten' }).click();
  expect((await added).status()).toBe(201);
  const list = section.getByRole('list', { name: 'Enheter som får push' });
  await expect(list.getByText('Denne enheten')).toBeVisible();
  await expect(list.getByText(/^Chrome på /)).toBeVisible();
  await expect(list.getByText(/Ikke brukt ennå/)).toBeVisible();
  const asked = await page.evaluate(() => (window as unknown as { __push: { asked: number; serverKey: string } }).__push);
  expect(asked.asked).toBe(1);
  // The browser subscribed with the server's VAPID key.
  const vapid = await page.request.get('/api/push/vapid-public-key', { headers: { Authorization: `Bearer ${login.access_token}` } });
  expect(asked.serverKey).toBe(((await vapid.json()) as { data: { public_key: string } }).data.public_key);

  // A push as the push service hands it to Chromium: over the DevTools protocol, to this worker.
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${ourBaseURL()}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registration;
  const payload = { title: 'Ny melding fra Kari Nordby', body: '', tag: 'entry-41', url: '/messages/7', kind: 'chat_message' };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: ourBaseURL(), registrationId, data: JSON.stringify(payload) });

  const shown = async () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown })),
    );
  await expect.poll(shown, { timeout: 10_000 }).toEqual([{ title: 'Ny melding fra Kari Nordby', body: '', tag: 'entry-41', data: { url: '/messages/7' } }]);
  // A second message in the same conversation replaces the notification (one per conversation).
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: ourBaseURL(), registrationId, data: JSON.stringify({ ...payload, title: 'Ny melding fra Ola Bakken' }) });
  await expect.poll(shown, { timeout: 10_000 }).toEqual([{ title: 'Ny melding fra Ola Bakken', body: '', tag: 'entry-41', data: { url: '/messages/7' } }]);

  // Push off on this device: the browser's subscription ends and the device leaves the list.
  await section.getByRole('button', { name: 'Slå av push på denne enheten' }).click();
  await expect(section.getByText('Ingen enheter får push-varsler.')).toBeVisible();
});
