import { Global, Module } from '@nestjs/common';
import { AccountDataRegistry } from './account-data.registry';
import { AccountDataRepository } from './account-data.repository';
import { AccountDataService } from './account-data.service';

/** The registry every module adds its erase step and export source to, and the service that runs them. */
@Global()
@Module({
  providers: [AccountDataRegistry, AccountDataRepository, AccountDataService],
  exports: [AccountDataRegistry, AccountDataService],
})
export class AccountDataModule {}
