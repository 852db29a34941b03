export { RequireAccess, Public } from './access.decorator';
export { checkGates, isHealthPersonnel } from './access.guard';
export { Authenticator } from './authenticator';
export { CurrentPrincipal, OptionalPrincipal } from './current-principal.decorator';
export { type ApprovedHrp, type Principal, principalOf, type PrincipalAccount, type UserStatus } from './principal';
export { TokenService } from './token.service';
export { ROLE_PERMISSIONS, permissionsOf } from './permissions';
export { SessionEvents, type SessionEvent } from './session-events';
