import { Global, Module } from '@nestjs/common';
import { AccessRepository } from './access.repository';
import { AccessService } from './access.service';

/** Ownership and management checks for every module (global, like the route-level AccessGuard). */
@Global()
@Module({
  providers: [AccessRepository, AccessService],
  exports: [AccessRepository, AccessService],
})
export class AccessModule {}
