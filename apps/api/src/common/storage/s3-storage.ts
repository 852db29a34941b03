import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { type ByteRange, contentTypeOfKey, isStorageKey, Storage, type StoredObject } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO); path-style addressing is used then. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** Objects in one S3-compatible bucket; keys are used as they are. Files are still served by the API. */
export class S3Storage extends Storage {
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    super();
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: !!options.endpoint,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key "${key}"`);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key "${key}"`);
    const { size } = await stat(file);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Body: createReadStream(file),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    if (!isStorageKey(key)) return null;
    try {
      const out = await this.client.send(
        new GetObjectCommand({
          Bucket: this.options.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      if (!(out.Body instanceof Readable)) return null;
      // A ranged answer's Content-Range ends in the whole size ("bytes 0-99/1234").
      const whole = out.ContentRange ? Number(out.ContentRange.split('/')[1]) : NaN;
      const size = Number.isFinite(whole) ? whole : (out.ContentLength ?? 0);
      return { body: out.Body, contentType: contentTypeOfKey(key), size };
    } catch (err) {
      if (err instanceof NoSuchKey) return null;
      if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key "${key}"`);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }
}
