import { rm } from 'node:fs/promises';
import os from 'node:os';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { type Request, type RequestHandler, type Response } from 'express';
import multer, { MulterError } from 'multer';
import { finalize, type Observable } from 'rxjs';
import { type AppConfig, InjectConfig } from '../../config';
import { AppError } from '../errors/app-error';

/** The form field of an admin media upload. */
export const MEDIA_FIELD = 'file';

/**
 * A video or audio upload (`file`) written to a temporary file as it arrives, never held in memory,
 * up to MEDIA_UPLOAD_MAX_MB (413 above); the temporary file is removed when the request ends.
 * Other large uploads (a webinar's video) subclass it and override `upload` (field and size cap).
 */
@Injectable()
export class MediaUploadInterceptor implements NestInterceptor {
  private readonly handler: RequestHandler;
  private readonly field: string;

  constructor(@InjectConfig() config: AppConfig) {
    const { field, maxBytes } = this.upload(config);
    this.field = field;
    this.handler = multer({
      storage: multer.diskStorage({ destination: os.tmpdir() }),
      limits: { fileSize: maxBytes, files: 1, fields: 20, parts: 21, fieldSize: 64 * 1024 },
    }).single(field);
  }

  /** The form field and the largest file accepted. */
  protected upload(config: AppConfig): { field: string; maxBytes: number } {
    return { field: MEDIA_FIELD, maxBytes: config.media.uploadMaxBytes };
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    await new Promise<void>((resolve, reject) => {
      this.handler(req, res, (err?: unknown) => {
        if (!err) return resolve();
        if (err instanceof MulterError && err.code === 'LIMIT_FILE_SIZE') return reject(new AppError('PAYLOAD_TOO_LARGE', { cause: err }));
        if (err instanceof MulterError && err.code === 'LIMIT_UNEXPECTED_FILE') {
          return reject(new AppError('VALIDATION', { fields: { [err.field ?? this.field]: ['validation.unknown_field'] }, cause: err }));
        }
        reject(err instanceof MulterError ? new AppError('PAYLOAD_TOO_LARGE', { cause: err }) : new AppError('BAD_REQUEST', { cause: err }));
      });
    });
    const temp = req.file?.path;
    return next.handle().pipe(
      finalize(() => {
        if (temp) void rm(temp, { force: true });
      }),
    );
  }
}
