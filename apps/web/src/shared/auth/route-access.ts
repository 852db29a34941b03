import { type MessageKey } from '@legenett/contracts';
import { useMatches } from 'react-router-dom';

/**
 * Access rules of spec point 2, attached to every route as `handle.access`:
 * - `public`: anyone;
 * - `login`: a logged-in user (visitor -> home + registration-required modal; "In review" -> home +
 *   on-review modal);
 * - `personal`: like `login`, and refused while acting as a business profile (no-access-for-company
 *   modal + home);
 * - `account`: the own account's pages (settings, professional experience): like `personal`, but
 *   open to accounts awaiting approval too, whose API calls there are allowed;
 * - `inbox`: the messages (`/messages`): every logged-in account, also awaiting approval, in review
 *   or as a business profile; the page says why an account that is not approved cannot write;
 * - `healthPersonnel`: videos and audio, `approved_hrp == 2` or status "In review";
 * - `unauthorizedOnly`: logged-in users get the warning toast and go home;
 * - `admin`: administrators only (the admin area); anyone else goes home.
 * `features/auth/components/route-access-guard.tsx` enforces them in one guard that reads `useRouteHandle()`.
 */
export type RouteAccess = 'public' | 'login' | 'personal' | 'account' | 'inbox' | 'healthPersonnel' | 'unauthorizedOnly' | 'admin';

/** A web catalogue key without its namespace, e.g. `nav.jobs`. */
export type WebKey = MessageKey extends infer K ? (K extends `web.${infer Rest}` ? Rest : never) : never;

export interface RouteHandle {
  access: RouteAccess;
  /** `full`: the page takes the whole width, without the side navigation (spec's "full layout"). */
  layout?: 'app' | 'full';
  /** Page title and, for areas not built yet, the name on the "opens soon" page. */
  title?: WebKey;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'access' in value;
}

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}
