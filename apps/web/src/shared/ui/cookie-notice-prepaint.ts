/**
 * The cookie notice as HTML the API writes into the page before the app has run (docs/performance/web.md,
 * "2026-11-29: the cookie notice in the page's HTML"). On a first visit the notice is the largest text of
 * the first screen; drawn by React it waited for the start-up chunk, the router, the page's chunk and its
 * texts. Written into `#root`, it shows as soon as the HTML and the stylesheet are there; React's first
 * commit replaces it (React empties its container) with the same notice at the same place.
 *
 * `cookie-notice.prepaint.html` is React's own markup of the notice (Mantine's theme variables, the
 * layout's box and `CookieNotice`) with placeholders for the texts, written and checked by
 * `cookie-notice-prepaint.test.tsx`; the build (`vite.preload.ts`) fills it per language. The box
 * around it (`.prepaint` in `app/global.css`) takes the room the shell's header and main take; the
 * boot script hides it when the notice was accepted, as `CookieNotice` renders nothing then.
 */

/** The texts of the notice, in the catalogue's `cookie` section, and their placeholders in the template. */
export const PREPAINT_TEXTS = ['label', 'text', 'more', 'accept'] as const;
export type PrepaintTexts = Record<(typeof PREPAINT_TEXTS)[number], string>;

export const placeholder = (key: (typeof PREPAINT_TEXTS)[number]): string => `%cookie.${key}%`;

/** Text as React writes it into HTML (text and attribute values alike). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);
}

/** The template with one language's texts. */
export function fillPrepaint(template: string, texts: PrepaintTexts): string {
  let html = template;
  for (const key of PREPAINT_TEXTS) html = html.split(placeholder(key)).join(escapeHtml(texts[key]));
  return html;
}

