import { Global, Module } from '@nestjs/common';
import { UploadsService } from './uploads.service';

/** UploadsService for every feature (needs the global StorageModule). */
@Global()
@Module({ providers: [UploadsService], exports: [UploadsService] })
export class UploadsModule {}
