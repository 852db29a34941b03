import { Module } from '@nestjs/common';
import { SessionService } from './session.service';
import { SessionsRepository } from './sessions.repository';
import { UsersAccountData } from './users.account-data';
import { UserObjectService } from './user-object.service';
import { UsersRepository } from './users.repository';

/**
 * The user object and login sessions, for every module that answers "the user" or logs someone
 * in (registration, e-mail verification, password reset, admin block).
 */
@Module({
  providers: [UsersRepository, SessionsRepository, UserObjectService, SessionService, UsersAccountData],
  exports: [UserObjectService, SessionService],
})
export class UsersModule {}
