import { PERMISSION_KEYS, type PermissionKey, type Role } from '@legenett/contracts';

const all = (prefix: 'course' | 'jobs' | 'market'): PermissionKey[] =>
  (['create', 'read', 'update', 'delete'] as const).map((verb) => `${prefix}-${verb}` as PermissionKey);

/**
 * Roles -> permission keys (spec point 6), the one table in code; docs/permissions.md mirrors it.
 * A user's keys are the union over their roles. While acting as a business profile the caller
 * has the company manager's keys only (the company is acting, not the person).
 */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly PermissionKey[]>> = {
  doctor: [...all('course'), ...all('jobs'), ...all('market'), 'video-viewer-read', 'audio-viewer-read'],
  student: ['course-read', 'jobs-read', ...all('market'), 'video-viewer-read', 'audio-viewer-read'],
  company_manager: [...all('course'), ...all('jobs'), 'market-read'],
  admin: [...PERMISSION_KEYS],
};

/** The keys of a set of roles, in the catalogue's order, without duplicates. */
export function permissionsOf(roles: readonly Role[], actingAsCompany = false): PermissionKey[] {
  const granted = new Set<PermissionKey>(
    actingAsCompany ? ROLE_PERMISSIONS.company_manager : roles.flatMap((role) => ROLE_PERMISSIONS[role]),
  );
  return PERMISSION_KEYS.filter((key) => granted.has(key));
}
