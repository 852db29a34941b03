import { Global, Module } from '@nestjs/common';
import { UploadsService } from '../uploads/uploads.service';
import { FilesAccountData } from './files.account-data';
import { FilesController } from './files.controller';
import { FilesRepository } from './files.repository';
import { FilesService } from './files.service';

/**
 * FilesService for every feature, the route that serves files, and what account erasure does with
 * `stored_files` (needs the global StorageModule).
 */
@Global()
@Module({
  controllers: [FilesController],
  providers: [FilesRepository, FilesService, UploadsService, FilesAccountData],
  exports: [FilesService],
})
export class FilesModule {}
