import { Module, type OnApplicationBootstrap } from '@nestjs/common';
import { UsersModule } from '../users';
import { AccountService } from './account.service';
import { AuthController } from './auth.controller';
import { CredentialsRepository } from './credentials.repository';
import { LoginService } from './login.service';
import { LoginThrottle } from './login-throttle';
import { TwoFactorController } from './two-factor.controller';
import { TwoFactorService } from './two-factor.service';
import { CredentialsAccountData } from './credentials.account-data';
import { loadCommonPasswords } from './common-passwords';

/** Login (with two-step), logout, refresh, `POST /user`, business profile, password change, two-step set-up. */
@Module({
  imports: [UsersModule],
  controllers: [AuthController, TwoFactorController],
  providers: [CredentialsRepository, CredentialsAccountData, LoginService, LoginThrottle, AccountService, TwoFactorService],
})
export class AuthenticationModule implements OnApplicationBootstrap {
  /** The breached-password list is read at start-up, not by the first person who signs up. */
  onApplicationBootstrap(): void {
    loadCommonPasswords();
  }
}
