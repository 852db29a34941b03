import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Access, type Endpoint, type HealthPersonnelRule } from '@legenett/contracts';
import { type Request } from 'express';
import { AppError } from '../errors/app-error';
import { ENDPOINT_KEY } from '../http/route.decorator';
import { ACCESS_KEY } from './access.decorator';
import { Authenticator } from './authenticator';
import { type Principal } from './principal';

declare module 'express-serve-static-core' {
  interface Request {
    principal?: Principal;
  }
}

/**
 * Whether the caller counts as health personnel under `rule`: confirmed by the HPR register
 * (`approved_hrp` 2), or for `confirmed_or_in_review` also an account "In review". The one place
 * the rule is written: a handler that needs it (e.g. for one action of an endpoint) calls this.
 */
export function isHealthPersonnel(principal: Pick<Principal, 'approvedHrp' | 'status'>, rule: HealthPersonnelRule): boolean {
  if (principal.approvedHrp === 2) return true;
  return rule === 'confirmed_or_in_review' && principal.status === 'in_review';
}

/** The gates an endpoint asks for besides its access level (from its descriptor). */
export type Gates = Pick<Endpoint, 'permission' | 'personal' | 'healthPersonnel'>;

/**
 * The status gates of docs/api-conventions.md for one caller and one endpoint; throws the 403 to answer.
 * - `user`: any status but blocked; `member`: approved ("In review" and not-yet-approved refused
 *   with their reasons); `admin`: the admin role.
 * - `personal`: not while acting as a business profile; `healthPersonnel`: `isHealthPersonnel` by the
 *   rule the descriptor names; `permission`: a key of the caller's roles.
 */
export function checkGates(principal: Principal, access: Exclude<Access, 'public'>, gates: Gates): void {
  if (principal.status === 'blocked') throw AppError.forbidden('account_blocked');
  if (access === 'member') {
    if (principal.status === 'in_review') throw AppError.forbidden('account_in_review');
    if (principal.status !== 'approved') throw AppError.forbidden('account_not_approved');
  }
  if (access === 'admin' && !principal.roles.includes('admin')) throw AppError.forbidden('missing_permission');
  if (gates.personal && principal.activeCompanyId !== null) throw AppError.forbidden('business_profile_active');
  if (gates.healthPersonnel && !isHealthPersonnel(principal, gates.healthPersonnel)) throw AppError.forbidden('not_health_personnel');
  if (gates.permission && !principal.permissions.includes(gates.permission)) {
    throw AppError.forbidden('missing_permission');
  }
}

/**
 * Global guard: a route is public only when its descriptor says `access: 'public'` (a valid token
 * there still attaches the caller); every other route needs a valid bearer token (401) and passes
 * the gates of `checkGates` (403 with a reason).
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: Authenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    const access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, targets) ?? 'user';
    const endpoint = this.reflector.getAllAndOverride<Endpoint | undefined>(ENDPOINT_KEY, targets);
    const req = context.switchToHttp().getRequest<Request>();
    const result = await this.authenticator.resolve(req);
    if (access === 'public') {
      if (result.ok && result.principal.status !== 'blocked') req.principal = result.principal;
      return true;
    }
    if (!result.ok) throw new AppError(result.failure === 'expired' ? 'TOKEN_EXPIRED' : 'UNAUTHENTICATED');
    checkGates(result.principal, access, endpoint ?? {});
    req.principal = result.principal;
    return true;
  }
}
