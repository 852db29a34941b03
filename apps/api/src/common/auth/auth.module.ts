import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { AccessGuard } from './access.guard';
import { AuthRepository } from './auth.repository';
import { Authenticator } from './authenticator';
import { SessionEvents } from './session-events';
import { TokenService } from './token.service';

@Global()
@Module({
  imports: [RateLimitModule],
  providers: [Authenticator, AuthRepository, TokenService, SessionEvents, { provide: APP_GUARD, useClass: AccessGuard }],
  exports: [Authenticator, TokenService, SessionEvents],
})
export class AuthModule {}
