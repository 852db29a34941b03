import { type PermissionKey, type Role } from '@legenett/contracts';
import { type schema } from '@legenett/db';
import { permissionsOf } from './permissions';

export type UserStatus = (typeof schema.USER_STATUSES)[number];
export type ApprovedHrp = 0 | 1 | 2;

/** Who is calling: resolved from the bearer token by the Authenticator, attached as `req.principal`. */
export interface Principal {
  userId: number;
  status: UserStatus;
  /** 2 = confirmed health personnel. */
  approvedHrp: ApprovedHrp;
  roles: Role[];
  /** Keys of the roles; the company manager's keys while acting as a business profile. */
  permissions: PermissionKey[];
  /** The login session (refresh-token family) the token belongs to. */
  familyId: number;
  /** The business profile (partner company) this session acts as, or null. */
  activeCompanyId: number | null;
}

/** An account as read from the database (`user_info.approved_hrp` as stored). */
export interface PrincipalAccount {
  userId: number;
  status: UserStatus;
  approvedHrp: number;
  roles: Role[];
}

/**
 * The one way to make a Principal from an account and its session (the Authenticator for a bearer
 * token; the podcast feed for its token, with no session and no business profile).
 */
export function principalOf(account: PrincipalAccount, session: { familyId: number; activeCompanyId: number | null }): Principal {
  const approvedHrp: ApprovedHrp = account.approvedHrp === 2 ? 2 : account.approvedHrp === 1 ? 1 : 0;
  return {
    userId: account.userId,
    status: account.status,
    approvedHrp,
    roles: account.roles,
    permissions: permissionsOf(account.roles, session.activeCompanyId !== null),
    familyId: session.familyId,
    activeCompanyId: session.activeCompanyId,
  };
}
