import { type PermissionKey, type Role } from '@legenett/contracts';
import { type schema } from '@legenett/db';

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
