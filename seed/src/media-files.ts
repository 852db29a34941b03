import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveMediaTools } from '@legenett/shared';

/** A demo file written into the uploads folder, ready for a `stored_files` row. */
export interface DemoFile {
  key: string;
  contentType: string;
  size: number;
}

export interface DemoMedia {
  file: DemoFile;
  poster: DemoFile | null;
  captions: DemoFile | null;
  durationSeconds: number;
}

/**
 * The ffmpeg the demo media are made with (the API's uploads find theirs the same way:
 * `resolveMediaTools` in @legenett/shared): FFMPEG_PATH, else on PATH, else the `@ffmpeg-installer/ffmpeg`
 * package's binary. `path` is null when none runs; `summary` says where it came from or why not.
 */
export function demoFfmpeg(env: NodeJS.ProcessEnv = process.env): { path: string | null; summary: string } {
  const tools = resolveMediaTools(env);
  const ffmpeg = tools.ffmpeg?.path ?? null;
  const summary = tools.summary.split('; ')[0]!;
  if (ffmpeg === null) return { path: null, summary };
  try {
    execFileSync(ffmpeg, ['-version'], { stdio: 'ignore' });
    return { path: ffmpeg, summary };
  } catch (err) {
    return { path: null, summary: `${summary}, but it does not run (${(err as Error).message.split('\n')[0]})` };
  }
}

function ffmpegPath(): string {
  return demoFfmpeg().path ?? 'ffmpeg';
}

/** Where the API's local storage keeps files (STORAGE_DRIVER=local), or null (S3: files are not made). */
export function localUploadsDir(): string | null {
  if (process.env.STORAGE_DRIVER === 's3') return null;
  return path.join(path.resolve(process.env.DATA_DIR ?? '.data'), 'uploads');
}

function put(uploadsDir: string, ext: string, contentType: string, source: string): DemoFile {
  const key = `media/${randomBytes(16).toString('hex')}.${ext}`;
  const target = path.join(uploadsDir, key);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(source, target);
  return { key, contentType, size: fs.statSync(target).size };
}

/** The demo captions' cues, as the API indexes them for caption search (modules/media/webvtt.ts). */
export const DEMO_CAPTION_CUES = [
  { start_seconds: 0, text: 'Velkommen til Legenett.' },
  { start_seconds: 4, text: 'Dette er et demoopptak.' },
] as const;

const CAPTIONS = `WEBVTT

00:00.000 --> 00:04.000
Velkommen til Legenett.

00:04.000 --> 00:10.000
Dette er et demoopptak.
`;

/**
 * A few seconds of test pattern (video, with a poster frame and Norwegian captions) or of a tone
 * (audio), made with ffmpeg; `variant` changes the picture and the pitch so the items differ.
 */
export function makeDemoMedia(kind: 'video' | 'audio', variant: number, uploadsDir: string): DemoMedia {
  const ffmpeg = ffmpegPath();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-seed-media-'));
  try {
    const seconds = 10;
    if (kind === 'video') {
      const sources = ['testsrc2', 'smptebars', 'rgbtestsrc', 'testsrc'];
      const source = sources[variant % sources.length];
      const out = path.join(dir, 'v.mp4');
      execFileSync(ffmpeg, [
        '-v', 'error',
        '-f', 'lavfi', '-i', `${source}=duration=${seconds}:size=320x180:rate=15`,
        '-f', 'lavfi', '-i', `sine=frequency=${330 + variant * 55}:duration=${seconds}`,
        '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '48k',
        '-movflags', '+faststart', '-shortest', '-y', out,
      ]);
      const poster = path.join(dir, 'p.jpg');
      execFileSync(ffmpeg, ['-v', 'error', '-ss', '1', '-i', out, '-frames:v', '1', '-y', poster]);
      const captions = path.join(dir, 'c.vtt');
      fs.writeFileSync(captions, CAPTIONS);
      return {
        file: put(uploadsDir, 'mp4', 'video/mp4', out),
        poster: put(uploadsDir, 'jpg', 'image/jpeg', poster),
        captions: variant % 2 === 0 ? put(uploadsDir, 'vtt', 'text/vtt', captions) : null,
        durationSeconds: seconds,
      };
    }
    const out = path.join(dir, 'a.mp3');
    execFileSync(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', `sine=frequency=${220 + variant * 40}:duration=${seconds}`, '-b:a', '48k', '-y', out]);
    return { file: put(uploadsDir, 'mp3', 'audio/mpeg', out), poster: null, captions: null, durationSeconds: seconds };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A demo product photo: the detail size (the `stored_files` main row, variant `lg`) and the list size (`sm`). */
export interface DemoPhoto {
  lg: DemoFile & { width: number; height: number };
  sm: DemoFile & { width: number; height: number };
}

/** Colour pairs for the demo photos' backgrounds (`0xRRGGBB`). */
const PHOTO_COLOURS = [
  ['0x1864ab', '0xd0ebff'],
  ['0x087f5b', '0xc3fae8'],
  ['0x862e9c', '0xf3d9fa'],
  ['0xc92a2a', '0xfff5f5'],
  ['0x5c940d', '0xe9fac8'],
  ['0xe67700', '0xfff3bf'],
] as const;

/**
 * A small picture for a demo product, made with ffmpeg: a soft gradient with a framed "device" in
 * the middle, in the two sizes the API's `content` preset stores (WebP, aspect kept: 800x600 and
 * 480x360), under the same key pattern as an upload (`images/<random>-lg.webp` and `-sm.webp`).
 */
export function makeDemoPhoto(variant: number, uploadsDir: string): DemoPhoto {
  const ffmpeg = ffmpegPath();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-seed-photo-'));
  try {
    const [dark, light] = PHOTO_COLOURS[variant % PHOTO_COLOURS.length]!;
    const device =
      `drawbox=x=230:y=170:w=340:h=260:color=white@0.9:t=fill,` +
      `drawbox=x=270:y=210:w=260:h=140:color=${dark}@0.85:t=fill,` +
      `drawbox=x=370:y=370:w=60:h=30:color=${dark}@0.6:t=fill,vignette`;
    // The `gradients` source came with FFmpeg 4.4; the registry package's older build gets a plain
    // background with a dark band instead.
    const pictures = [
      `gradients=s=800x600:c0=${light}:c1=${dark}:x0=0:y0=0:x1=800:y1=600:seed=${variant + 1},${device}`,
      `color=c=${light}:s=800x600,drawbox=x=0:y=450:w=800:h=150:color=${dark}@0.5:t=fill,${device}`,
    ];
    const base = `images/${randomBytes(16).toString('hex')}`;
    const make = (name: 'lg' | 'sm', width: number, height: number) => {
      const out = path.join(dir, `${name}.webp`);
      for (const [i, picture] of pictures.entries()) {
        try {
          execFileSync(ffmpeg, [
            '-v', 'error', '-f', 'lavfi', '-i', picture, '-vf', `scale=${width}:${height}`,
            '-frames:v', '1', '-c:v', 'libwebp', '-quality', '80', '-y', out,
          ], { stdio: ['ignore', 'ignore', 'pipe'] });
          break;
        } catch (err) {
          if (i === pictures.length - 1) throw err;
        }
      }
      const key = `${base}-${name}.webp`;
      const target = path.join(uploadsDir, key);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(out, target);
      return { key, contentType: 'image/webp', size: fs.statSync(target).size, width, height };
    };
    return { lg: make('lg', 800, 600), sm: make('sm', 480, 360) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
