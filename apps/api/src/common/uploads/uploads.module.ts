import { Global, Module } from '@nestjs/common';
import { StoredFilesAccountData } from './stored-files.account-data';
import { StoredFilesRepository } from './stored-files.repository';
import { UploadsService } from './uploads.service';

/** UploadsService for every feature (needs the global StorageModule), and what erasure does with `stored_files`. */
@Global()
@Module({
  providers: [UploadsService, StoredFilesRepository, StoredFilesAccountData],
  exports: [UploadsService],
})
export class UploadsModule {}
