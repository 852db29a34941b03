import { pushEndpoints as ep, type PushSubscriptionInput } from '@legenett/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { pushKeys } from './keys';

/** The devices that get my pushes (a person has a handful: the first page of 50 holds them). */
export const pushDevicesQueryOptions = () =>
  queryOptions({
    queryKey: pushKeys.devices,
    queryFn: ({ signal }) => apiCall(ep.devices, { query: { page: 1, per_page: 50 }, signal }).then((r) => r.data),
  });

export function usePushDevices() {
  return useQuery(pushDevicesQueryOptions());
}

/** The browser's own push plumbing, behind one seam so the tests can stand in for it. */
export interface PushBrowser {
  supported(): boolean;
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  /** This browser's subscription at the push service, if it has one. */
  current(): Promise<PushSubscriptionInput | null>;
  subscribe(vapidPublicKey: string): Promise<PushSubscriptionInput>;
  unsubscribe(): Promise<void>;
}

/** base64url → bytes, for `applicationServerKey`. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

const inputOf = (sub: PushSubscription): PushSubscriptionInput => {
  const json = sub.toJSON();
  return { endpoint: sub.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
};

/** The service worker's registration, waiting at most 10 s (it registers a few seconds after load). */
async function registration(): Promise<ServiceWorkerRegistration> {
  const ready = navigator.serviceWorker.ready;
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no service worker')), 10_000));
  return Promise.race([ready, timeout]);
}

export const browserPush: PushBrowser = {
  supported: () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window,
  permission: () => Notification.permission,
  requestPermission: () => Notification.requestPermission(),
  async current() {
    const reg = await navigator.serviceWorker.getRegistration();
    const sub = await reg?.pushManager.getSubscription();
    return sub ? inputOf(sub) : null;
  },
  async subscribe(vapidPublicKey) {
    const reg = await registration();
    const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(vapidPublicKey) });
    return inputOf(sub);
  },
  async unsubscribe() {
    const reg = await navigator.serviceWorker.getRegistration();
    await (await reg?.pushManager.getSubscription())?.unsubscribe();
  },
};

/** Tells the server about this browser's subscription (idempotent): answers the device's id. */
export function useRegisterDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PushSubscriptionInput) => apiCall(ep.subscribe, { body, overlay: false }).then((r) => r.data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.devices }),
  });
}

export function useRemoveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiCall(ep.unsubscribe, { params: { id }, overlay: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.devices }),
  });
}

export const vapidPublicKey = () => apiCall(ep.vapidKey, { overlay: false }).then((r) => r.data.public_key);
