import { Global, Module } from '@nestjs/common';
import { UploadsService } from '../uploads/uploads.service';
import { FilesController } from './files.controller';
import { FilesRepository } from './files.repository';
import { FilesService } from './files.service';

/** FilesService for every feature and the route that serves files (needs the global StorageModule). */
@Global()
@Module({
  controllers: [FilesController],
  providers: [FilesRepository, FilesService, UploadsService],
  exports: [FilesService],
})
export class FilesModule {}
