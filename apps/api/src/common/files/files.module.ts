import { Global, Module } from '@nestjs/common';
import { SignedLinks } from '../security/signed-links';
import { UploadsService } from '../uploads/uploads.service';
import { FilesAccountData } from './files.account-data';
import { FilesController } from './files.controller';
import { FilesRepository } from './files.repository';
import { FilesService } from './files.service';

/**
 * FilesService for every feature, the route that serves files, and what account erasure does with
 * `stored_files` (needs the global StorageModule); `SignedLinks` for any address that must work
 * without a bearer header.
 */
@Global()
@Module({
  controllers: [FilesController],
  providers: [FilesRepository, FilesService, UploadsService, FilesAccountData, SignedLinks],
  exports: [FilesService, SignedLinks],
})
export class FilesModule {}
