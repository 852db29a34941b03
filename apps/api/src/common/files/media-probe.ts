import { execFile } from 'node:child_process';
import { open } from 'node:fs/promises';
import { Injectable, Logger } from '@nestjs/common';
import { type MediaKind } from '@legenett/contracts';
import { resolveMediaTools } from '@legenett/shared';
import { type AppConfig, InjectConfig } from '../../config';
import { type StoredExtension } from '../storage/storage';

/** What the first bytes of an upload say it is; names and Content-Types are never trusted. */
export type MediaFormat = { ext: Extract<StoredExtension, 'mp4' | 'webm' | 'mp3' | 'm4a' | 'ogg'>; contentType: string };

const ascii = (buf: Buffer, offset: number, text: string) =>
  buf.length >= offset + text.length && buf.toString('latin1', offset, offset + text.length) === text;

/** MP4 / WebM for videos; MP3 / M4A / OGG for audio; null for anything else (or the other kind). */
export function sniffMedia(head: Buffer, kind: MediaKind): MediaFormat | null {
  const isoBrand = ascii(head, 4, 'ftyp') ? head.toString('latin1', 8, 12) : null;
  const audioBrand = isoBrand === 'M4A ' || isoBrand === 'M4B ';
  if (kind === 'video') {
    if (isoBrand !== null && !audioBrand) return { ext: 'mp4', contentType: 'video/mp4' };
    if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return { ext: 'webm', contentType: 'video/webm' };
    return null;
  }
  if (audioBrand) return { ext: 'm4a', contentType: 'audio/mp4' };
  if (ascii(head, 0, 'OggS')) return { ext: 'ogg', contentType: 'audio/ogg' };
  // ID3 tag, or an MPEG audio frame sync (11 set bits, layer III).
  if (ascii(head, 0, 'ID3')) return { ext: 'mp3', contentType: 'audio/mpeg' };
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe6) === 0xe2) return { ext: 'mp3', contentType: 'audio/mpeg' };
  return null;
}

export async function readHead(file: string, bytes = 64): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export class FfmpegMissingError extends Error {}
export class UnreadableMediaError extends Error {}

export interface ProbeResult {
  durationSeconds: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
}

function run(command: string, args: string[], maxBuffer: number, encoding: 'utf8' | 'buffer') {
  return new Promise<string | Buffer>((resolve, reject) => {
    execFile(command, args, { timeout: 60_000, maxBuffer, encoding }, (err, stdout) => {
      if (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') reject(new FfmpegMissingError(command));
        else reject(new UnreadableMediaError(err.message));
        return;
      }
      resolve(stdout);
    });
  });
}

/**
 * Duration and a poster frame, read with ffprobe and ffmpeg: the configured paths, else the programs
 * on PATH (Debian's `ffmpeg` package), else the registry packages' binaries (`resolveMediaTools`, the
 * same lookup as the seed's demo media).
 */
@Injectable()
export class MediaProbe {
  private readonly logger = new Logger('MediaProbe');
  private readonly ffprobe: string;
  private readonly ffmpeg: string;

  constructor(@InjectConfig() config: AppConfig) {
    const tools = resolveMediaTools({ ...process.env, FFPROBE_PATH: config.media.ffprobe, FFMPEG_PATH: config.media.ffmpeg });
    // A missing tool is run by its name: ENOENT then gives the administrator's notice (FfmpegMissingError).
    this.ffprobe = tools.ffprobe?.path ?? 'ffprobe';
    this.ffmpeg = tools.ffmpeg?.path ?? 'ffmpeg';
    this.logger.log(`media tools: ${tools.summary}`);
  }

  async probe(file: string): Promise<ProbeResult> {
    const out = await run(this.ffprobe, ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type', '-of', 'json', file], 1024 * 1024, 'utf8');
    let parsed: { format?: { duration?: string }; streams?: { codec_type?: string }[] };
    try {
      parsed = JSON.parse(String(out)) as typeof parsed;
    } catch {
      throw new UnreadableMediaError('ffprobe answered no JSON');
    }
    const duration = Number(parsed.format?.duration);
    const types = (parsed.streams ?? []).map((s) => s.codec_type);
    return {
      durationSeconds: Number.isFinite(duration) && duration >= 0 ? Math.round(duration) : null,
      hasVideo: types.includes('video'),
      hasAudio: types.includes('audio'),
    };
  }

  /** A JPEG of the frame at `at` seconds, or null when the file has no frame there. */
  async posterFrame(file: string, at: number): Promise<Buffer | null> {
    try {
      const out = await run(
        this.ffmpeg,
        ['-v', 'error', '-ss', String(at), '-i', file, '-frames:v', '1', '-f', 'image2pipe', '-vcodec', 'mjpeg', '-'],
        32 * 1024 * 1024,
        'buffer',
      );
      const buf = Buffer.isBuffer(out) ? out : Buffer.from(out);
      return buf.length > 0 ? buf : null;
    } catch (err) {
      if (err instanceof FfmpegMissingError) throw err;
      this.logger.warn(`No poster frame: ${(err as Error).message}`);
      return null;
    }
  }
}
