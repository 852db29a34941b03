import type { z } from 'zod';
import type { PermissionKey } from './user';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint. `public`: anyone; `user`: any logged-in account, whatever its status;
 * `member`: an approved account (status gates of docs/api-conventions.md apply); `admin`: administrators.
 */
export type Access = 'public' | 'user' | 'member' | 'admin';

/** One endpoint, described once and used by the API (validation, OpenAPI) and the web client. */
export interface Endpoint {
  method: HttpMethod;
  /** Path under /api with `:param` placeholders, e.g. `/cities/:id/county`. */
  path: string;
  summary: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Success response body; `null` for 204. */
  response: z.ZodType | null;
  /** Success status; defaults to 200 (201 for POST creating things is set explicitly). */
  status?: number;
  /** The body may come as multipart/form-data (files); JSON is accepted too. */
  multipart?: boolean;
  /** The body may come as application/x-www-form-urlencoded (a mail client's one-click unsubscribe); JSON is accepted too. */
  form?: boolean;
  /** A permission key the caller's roles must grant (403 `missing_permission`). */
  permission?: PermissionKey;
  /** A personal endpoint: refused while acting as a business profile (403 `business_profile_active`). */
  personal?: boolean;
  /**
   * Health personnel only (403 `not_health_personnel`), by which rule:
   * - `'confirmed'`: confirmed by the HPR register (`approved_hrp == 2`);
   * - `'confirmed_or_in_review'`: that, or an account "In review" (videos and audio; use with
   *   `access: 'user'` so that "In review" accounts pass the status gate).
   */
  healthPersonnel?: HealthPersonnelRule;
}

/** Which accounts count as health personnel for an endpoint (`Endpoint.healthPersonnel`). */
export type HealthPersonnelRule = 'confirmed' | 'confirmed_or_in_review';

export const defineEndpoint = <const E extends Endpoint>(e: E): E => e;

/** Fill `:param` placeholders. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
