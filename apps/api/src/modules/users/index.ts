export { UsersModule } from './users.module';
export { UserObjectService } from './user-object.service';
export { SessionService, REFRESH_COOKIE, REFRESH_COOKIE_PATH } from './session.service';
export { describeDevice } from './session-client';
