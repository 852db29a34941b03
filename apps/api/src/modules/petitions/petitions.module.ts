import { Module } from '@nestjs/common';
import { PetitionsAccountData } from './petitions.account-data';
import { PetitionsRepository } from './petitions.repository';

/**
 * Petitions. The endpoints are not built yet, but the tables are, so the erasure rules for them live
 * here already; the petitions feature adds its controller and service to this module.
 */
@Module({
  providers: [PetitionsRepository, PetitionsAccountData],
})
export class PetitionsModule {}
