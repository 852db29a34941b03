// What the service worker does with a push and with a click on its notification (docs/push-and-pwa.md),
// kept apart from it so that the tests can read it. The message is the API's `PushPayload` (the
// contracts): title, body (empty unless the lock-screen preview is on), tag (one per conversation or
// grouped entry, as the bell groups), url (the page to open).

export interface ShownNotification {
  title: string;
  options: { body: string; tag: string; renotify: boolean; icon: string; badge: string; data: { url: string } };
}

/** Where a notification without a usable page leads. */
export const FALLBACK_URL = '/notifications';

/** A path of this site (`/messages/12`): never another origin (`//evil.example`, `https://...`). */
const isSitePath = (v: unknown): v is string => typeof v === 'string' && /^\/(?![/\\])/.test(v) && v.length <= 2000;

const text = (v: unknown, max: number): string => (typeof v === 'string' ? v.slice(0, max) : '');

/** The notification to show for a push's text; a push that is not our JSON still shows one (the browser demands it). */
export function notificationOfPush(raw: string | null): ShownNotification {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object') data = parsed as Record<string, unknown>;
  } catch {
    data = {};
  }
  const tag = text(data.tag, 100);
  return {
    title: text(data.title, 200) || 'Legenett',
    options: {
      body: text(data.body, 500),
      tag: tag || 'legenett',
      // A new message in a conversation already shown replaces it, and still alerts.
      renotify: true,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: isSitePath(data.url) ? data.url : FALLBACK_URL },
    },
  };
}

export interface WindowLike {
  url: string;
  focused?: boolean;
}

/**
 * The open window of the app a click should use: one already on the page, else the focused one,
 * else any; null when none is open (then a new one opens). Windows of other origins do not count.
 */
export function windowFor<W extends WindowLike>(windows: readonly W[], target: string, origin: string): W | null {
  const ours = windows.filter((w) => {
    try {
      return new URL(w.url).origin === origin;
    } catch {
      return false;
    }
  });
  return ours.find((w) => w.url === target) ?? ours.find((w) => w.focused) ?? ours[0] ?? null;
}
