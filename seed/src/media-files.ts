import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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

/** Whether ffmpeg can be run; the seed says clearly when it cannot. */
export function ffmpegAvailable(): boolean {
  try {
    execFileSync(process.env.FFMPEG_PATH ?? 'ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
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
  const ffmpeg = process.env.FFMPEG_PATH ?? 'ffmpeg';
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
