import { SetMetadata } from '@nestjs/common';
import { type Access } from '@legenett/contracts';

export const ACCESS_KEY = 'legenett:access';

/** Who may call a handler (normally set by `@Route(endpoint)` from the descriptor). */
export const RequireAccess = (access: Access) => SetMetadata(ACCESS_KEY, access);

/** For the few routes without a contract descriptor (metrics). */
export const Public = () => RequireAccess('public');
