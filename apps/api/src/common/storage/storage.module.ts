import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import { Storage } from './storage';

export function createStorage(config: AppConfig): Storage {
  const { driver, localDir, s3 } = config.storage;
  if (driver === 's3') {
    // The config schema refuses STORAGE_DRIVER=s3 without a bucket.
    return new S3Storage({ ...s3, bucket: s3.bucket ?? '' });
  }
  return new LocalStorage(localDir);
}

/** The `Storage` port, chosen by STORAGE_DRIVER (features store files through FilesService). */
@Global()
@Module({
  providers: [{ provide: Storage, useFactory: createStorage, inject: [APP_CONFIG] }],
  exports: [Storage],
})
export class StorageModule {}
