import { type CallHandler, type ExecutionContext, Injectable, mixin, type NestInterceptor, type Type } from '@nestjs/common';
import { type Request, type RequestHandler, type Response } from 'express';
import multer, { MulterError } from 'multer';
import { type Observable } from 'rxjs';
import { type AppConfig, InjectConfig } from '../../config';
import { AppError } from '../errors/app-error';

export interface UploadFieldOptions {
  /** Form field carrying the file(s). */
  field: string;
  /** How many files the field may carry (marketplace: 5); default 1. */
  maxFiles?: number;
}

function toAppError(err: unknown, field: string, maxFiles: number): AppError {
  if (err instanceof MulterError) {
    switch (err.code) {
      case 'LIMIT_FILE_SIZE':
        return new AppError('PAYLOAD_TOO_LARGE', { cause: err });
      case 'LIMIT_FILE_COUNT':
        return new AppError('VALIDATION', {
          fields: { [field]: [maxFiles === 5 ? 'errors.too_many_photos' : 'validation.too_many_items'] },
          vars: { maximum: maxFiles },
          cause: err,
        });
      case 'LIMIT_UNEXPECTED_FILE':
        // A file under another field name, or more files than allowed in this one.
        return new AppError('VALIDATION', {
          fields: { [err.field === field ? field : (err.field ?? field)]: [err.field === field ? 'validation.too_many_items' : 'validation.unknown_field'] },
          vars: { maximum: maxFiles },
          cause: err,
        });
      case 'LIMIT_PART_COUNT':
      case 'LIMIT_FIELD_COUNT':
      case 'LIMIT_FIELD_KEY':
      case 'LIMIT_FIELD_VALUE':
        return new AppError('PAYLOAD_TOO_LARGE', { cause: err });
      default:
        return new AppError('BAD_REQUEST', { cause: err });
    }
  }
  // Busboy: a malformed multipart body (bad boundary, truncated stream).
  return new AppError('BAD_REQUEST', { cause: err });
}

/**
 * Reads a multipart body into memory with a size cap (UPLOAD_MAX_MB): `@UseInterceptors(FileUpload({ field: 'image' }))`,
 * then `@UploadedFile()` / `@UploadedFiles()`. Runs after the guards, so callers without access never
 * get a body parsed. A file over the cap is a 413; more files than allowed a 422.
 */
export function FileUpload({ field, maxFiles = 1 }: UploadFieldOptions): Type<NestInterceptor> {
  @Injectable()
  class FileUploadInterceptor implements NestInterceptor {
    private readonly handler: RequestHandler;

    constructor(@InjectConfig() config: AppConfig) {
      const upload = multer({
        storage: multer.memoryStorage(),
        limits: { fileSize: config.uploadMaxBytes, files: maxFiles, fields: 20, parts: maxFiles + 20, fieldSize: 64 * 1024 },
      });
      this.handler = maxFiles === 1 ? upload.single(field) : upload.array(field, maxFiles);
    }

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      const req = http.getRequest<Request>();
      const res = http.getResponse<Response>();
      await new Promise<void>((resolve, reject) => {
        this.handler(req, res, (err?: unknown) => (err ? reject(toAppError(err, field, maxFiles)) : resolve()));
      });
      return next.handle();
    }
  }
  return mixin(FileUploadInterceptor);
}
