import { Injectable } from '@nestjs/common';
import { type ChangePasswordInput, type LoginResponse, type User } from '@legenett/contracts';
import { type Request, type Response } from 'express';
import { AccessService } from '../../common/access';
import { type Principal } from '../../common/auth/principal';
import { AppError } from '../../common/errors/app-error';
import { SessionService } from '../users';
import { UserObjectService } from '../users';
import { isCommonPassword } from './common-passwords';
import { CredentialsRepository } from './credentials.repository';
import { hashPassword, passwordMatches } from './passwords';

const fieldError = (field: string, key: 'auth.wrong_password' | 'validation.password_common' | 'validation.password_same') =>
  new AppError('VALIDATION', { fields: { [field]: [key] } });

/** The logged-in account: its user object, its session's business profile, its password. */
@Injectable()
export class AccountService {
  constructor(
    private readonly credentials: CredentialsRepository,
    private readonly sessions: SessionService,
    private readonly userObjects: UserObjectService,
    private readonly access: AccessService,
  ) {}

  async me(principal: Principal): Promise<{ data: User }> {
    return { data: await this.userObjects.build(principal.userId, principal) };
  }

  async logout(principal: Principal | null, req: Request, res: Response): Promise<void> {
    await this.sessions.endSession(req, principal?.familyId ?? null, res);
  }

  /** Act as a company the user manages; another company (or none such) is a 404. */
  async actAs(principal: Principal, companyId: number): Promise<LoginResponse> {
    await this.access.requireManagesCompany(principal.userId, companyId, 'private');
    await this.sessions.setActiveCompany(principal.userId, principal.familyId, companyId);
    return this.sessions.loginResponse(principal.userId, principal.familyId, companyId);
  }

  async leaveBusinessProfile(principal: Principal): Promise<LoginResponse> {
    await this.sessions.setActiveCompany(principal.userId, principal.familyId, null);
    return this.sessions.loginResponse(principal.userId, principal.familyId, null);
  }

  /**
   * Needs the old password; refuses very common passwords and the old one. Every other session
   * ends; this one goes on with the fresh access token of the answer.
   */
  async changePassword(principal: Principal, input: ChangePasswordInput): Promise<LoginResponse> {
    const user = await this.credentials.byId(principal.userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    if (!(await passwordMatches(input.old_password, user.passwordHash))) throw fieldError('old_password', 'auth.wrong_password');
    if (isCommonPassword(input.new_password)) throw fieldError('new_password', 'validation.password_common');
    if (input.new_password === input.old_password) throw fieldError('new_password', 'validation.password_same');
    await this.credentials.setPassword(user.id, await hashPassword(input.new_password), new Date());
    await this.sessions.revokeAllSessions(user.id, 'password_change', principal.familyId);
    return this.sessions.loginResponse(user.id, principal.familyId, principal.activeCompanyId);
  }
}
