// Demo media on a machine with Node.js only (issue 23, item 3): with no ffmpeg or ffprobe on PATH (a
// PATH that holds only `node`), the one lookup of @legenett/shared (`resolveMediaTools`) finds the
// binaries shipped in the registry packages, and the seed's demo media made with them play: ffprobe
// reads each file's duration and streams. Needs the built workspace (`npm test` builds first).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sharedDist = path.join(root, 'packages/shared/dist/index.js');
const mediaDist = path.join(root, 'seed/dist/media-files.js');

/** Runs `script` in a Node whose PATH is a folder with nothing but a `node` link; answers its JSON. */
function withoutSystemFfmpeg(script, extraEnv = {}) {
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-node-only-'));
  fs.symlinkSync(process.execPath, path.join(bin, 'node'));
  try {
    const env = { HOME: os.tmpdir(), PATH: bin, ...extraEnv };
    // The shell can no longer find ffmpeg: the check below proves PATH really hides it.
    assert.equal(spawnSync('ffmpeg', ['-version'], { env }).error?.code, 'ENOENT');
    const out = execFileSync('node', ['-e', script], { env, encoding: 'utf8', cwd: root, timeout: 120_000 });
    return JSON.parse(out.trim().split('\n').at(-1));
  } finally {
    fs.rmSync(bin, { recursive: true, force: true });
  }
}

function probe(ffprobe, file) {
  const out = execFileSync(ffprobe, ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,width', '-of', 'json', file], { encoding: 'utf8' });
  const parsed = JSON.parse(out);
  return { duration: Number(parsed.format?.duration), types: (parsed.streams ?? []).map((s) => s.codec_type), width: parsed.streams?.[0]?.width };
}

test('without ffmpeg on PATH the resolver answers the registry packages\' binaries', () => {
  const tools = withoutSystemFfmpeg(`
    const { resolveMediaTools } = require(${JSON.stringify(sharedDist)});
    console.log(JSON.stringify(resolveMediaTools()));`);
  assert.equal(tools.ffmpeg?.source, 'package', tools.summary);
  assert.equal(tools.ffprobe?.source, 'package', tools.summary);
  assert.match(tools.ffmpeg.path, /@ffmpeg-installer[\\/][^\\/]+[\\/]ffmpeg(\.exe)?$/);
  assert.match(tools.ffprobe.path, /@ffprobe-installer[\\/][^\\/]+[\\/]ffprobe(\.exe)?$/);
  assert.match(tools.summary, /ffmpeg from @ffmpeg-installer\/ffmpeg/);
  // A path the environment names still wins (the API's FFMPEG_PATH / FFPROBE_PATH), even a wrong one.
  const given = withoutSystemFfmpeg(
    `const { resolveMediaTools } = require(${JSON.stringify(sharedDist)}); console.log(JSON.stringify(resolveMediaTools()));`,
    { FFPROBE_PATH: '/nowhere/ffprobe' },
  );
  assert.deepEqual(given.ffprobe, { path: '/nowhere/ffprobe', source: 'env' });
});

test('the seed\'s demo video, audio and product photo are made and play without a system ffmpeg', () => {
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-demo-media-'));
  try {
    const made = withoutSystemFfmpeg(`
      const { resolveMediaTools } = require(${JSON.stringify(sharedDist)});
      const media = require(${JSON.stringify(mediaDist)});
      const dir = ${JSON.stringify(uploads)};
      const ffmpeg = media.demoFfmpeg();
      console.log(JSON.stringify({
        ffmpeg,
        ffprobe: resolveMediaTools().ffprobe.path,
        video: media.makeDemoMedia('video', 0, dir),
        audio: media.makeDemoMedia('audio', 1, dir),
        photo: media.makeDemoPhoto(0, dir),
      }));`);
    assert.ok(made.ffmpeg.path, made.ffmpeg.summary);
    assert.match(made.ffmpeg.summary, /@ffmpeg-installer\/ffmpeg/);
    const file = (f) => {
      const full = path.join(uploads, f.key);
      assert.ok(fs.existsSync(full), `${f.key} exists`);
      assert.equal(fs.statSync(full).size, f.size);
      assert.ok(f.size > 0);
      return full;
    };
    const video = probe(made.ffprobe, file(made.video.file));
    assert.ok(Math.abs(video.duration - 10) < 0.5, `video duration ${video.duration}`);
    assert.ok(video.types.includes('video') && video.types.includes('audio'), `video streams ${video.types}`);
    assert.equal(probe(made.ffprobe, file(made.video.poster)).width, 320);
    assert.match(fs.readFileSync(file(made.video.captions), 'utf8'), /^WEBVTT/);
    const audio = probe(made.ffprobe, file(made.audio.file));
    assert.ok(Math.abs(audio.duration - 10) < 0.5, `audio duration ${audio.duration}`);
    assert.deepEqual(audio.types, ['audio']);
    assert.equal(probe(made.ffprobe, file(made.photo.lg)).width, 800);
    assert.equal(probe(made.ffprobe, file(made.photo.sm)).width, 480);
  } finally {
    fs.rmSync(uploads, { recursive: true, force: true });
  }
});
