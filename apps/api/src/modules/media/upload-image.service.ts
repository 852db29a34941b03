import { Injectable } from '@nestjs/common';
import { type Principal } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { FilesService } from '../../common/files/files.service';
import { Storage } from '../../common/storage/storage';
import { type AppConfig, InjectConfig } from '../../config';

/**
 * `POST /upload-image`: pictures for rich text (posts, course descriptions, petitions), re-encoded
 * by sharp without metadata (FilesService, kind `image`), counted against a per-user quota.
 */
@Injectable()
export class UploadImageService {
  private readonly quotaBytes: number;

  constructor(
    private readonly files: FilesService,
    private readonly storage: Storage,
    @InjectConfig() config: AppConfig,
  ) {
    this.quotaBytes = config.media.imageQuotaBytes;
  }

  async upload(me: Principal, uploads: Express.Multer.File[] | undefined) {
    const list = uploads ?? [];
    if (list.length === 0) throw new AppError('VALIDATION', { fields: { image: ['profile.errors.file_missing'] } });
    const incoming = list.reduce((sum, f) => sum + f.size, 0);
    if ((await this.files.bytesOwned(me.userId, 'image')) + incoming > this.quotaBytes) {
      throw new AppError('VALIDATION', { fields: { image: ['media.errors.image_quota'] } });
    }
    const stored = await this.files.storeFor(list, { kind: 'image', owner: me.userId, field: 'image' }, async (rows) => rows);
    return { data: stored.map((f) => ({ id: f.id, url: this.storage.publicUrl(f.storage_key) })) };
  }
}
