import { Global, Module } from '@nestjs/common';
import { SignedLinks } from '../security/signed-links';
import { UploadsService } from '../uploads/uploads.service';
import { FilesAccountData } from './files.account-data';
import { FilesController } from './files.controller';
import { FilesRepository } from './files.repository';
import { FilesService } from './files.service';
import { MediaProbe } from './media-probe';

/**
 * FilesService for every feature, the route that serves files, and what account erasure does with
 * `stored_files` (needs the global StorageModule); `SignedLinks` for any address that must work
 * without a bearer header; `MediaProbe` (ffprobe) for audio and video uploads.
 */
@Global()
@Module({
  controllers: [FilesController],
  providers: [FilesRepository, FilesService, UploadsService, FilesAccountData, SignedLinks, MediaProbe],
  exports: [FilesService, SignedLinks, MediaProbe],
})
export class FilesModule {}
