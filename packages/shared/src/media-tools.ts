import fs from 'node:fs';
import path from 'node:path';

/**
 * Where ffmpeg and ffprobe come from, for the API's uploads (`MediaProbe`) and the seed's demo media
 * alike (docs/media.md, "ffmpeg and ffprobe"): the path an environment variable names
 * (`FFMPEG_PATH`, `FFPROBE_PATH`), else the program on PATH (Debian's `ffmpeg` package), else the
 * binary shipped inside the registry packages `@ffmpeg-installer/ffmpeg` and
 * `@ffprobe-installer/ffprobe` (no download at install time), so a machine with Node.js only has them.
 */
export type MediaToolName = 'ffmpeg' | 'ffprobe';

export interface MediaTool {
  /** What to run: a full path, or the name the environment variable gave. */
  path: string;
  /** `env`: FFMPEG_PATH / FFPROBE_PATH; `system`: found on PATH; `package`: the registry package's binary. */
  source: 'env' | 'system' | 'package';
}

export interface MediaTools {
  ffmpeg: MediaTool | null;
  ffprobe: MediaTool | null;
  /** One line for a log or the terminal: where each tool comes from, or why it is missing. */
  summary: string;
}

const PACKAGES: Record<MediaToolName, string> = {
  ffmpeg: '@ffmpeg-installer/ffmpeg',
  ffprobe: '@ffprobe-installer/ffprobe',
};
const ENV: Record<MediaToolName, string> = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' };

function isExecutable(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The program `name` in one of PATH's folders, as the shell would find it; null when none. */
export function findOnPath(name: string, pathVar: string | undefined): string | null {
  const exts = process.platform === 'win32' ? ['.exe', '.cmd', ''] : [''];
  for (const dir of (pathVar ?? '').split(path.delimiter)) {
    if (!dir) continue;
    for (const ext of exts) {
      const candidate = path.join(dir, name + ext);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return null;
}

/**
 * The registry package's binary, with its run bit set. The packages' only install script is that
 * `chmod u+x` (allowed in the root package.json's `allowScripts`); when it did not run (e.g. `npm ci
 * --ignore-scripts`) the bit is set here once, and a folder we may not write leaves the tool missing.
 */
function fromPackage(name: MediaToolName): { tool: MediaTool | null; why: string } {
  let file: string;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when needed: the package has no binary on some platforms, and a static import would fail there
    file = (require(PACKAGES[name]) as { path: string }).path;
  } catch (err) {
    return { tool: null, why: `${PACKAGES[name]} has no binary for ${process.platform}-${process.arch} (${err instanceof Error ? err.message : String(err)})` };
  }
  if (!isExecutable(file)) {
    try {
      fs.chmodSync(file, fs.statSync(file).mode | 0o111);
    } catch {
      return { tool: null, why: `${file} is not executable and its run bit cannot be set` };
    }
    if (!isExecutable(file)) return { tool: null, why: `${file} is not executable` };
  }
  return { tool: { path: file, source: 'package' }, why: '' };
}

function resolveOne(name: MediaToolName, env: NodeJS.ProcessEnv): { tool: MediaTool | null; why: string } {
  const given = env[ENV[name]];
  if (given) return { tool: { path: given, source: 'env' }, why: '' };
  const system = findOnPath(name, env.PATH);
  if (system) return { tool: { path: system, source: 'system' }, why: '' };
  return fromPackage(name);
}

function describe(name: MediaToolName, r: { tool: MediaTool | null; why: string }): string {
  if (!r.tool) return `${name} missing: ${r.why}`;
  const where = r.tool.source === 'env' ? `${ENV[name]}=${r.tool.path}` : r.tool.source === 'system' ? `${r.tool.path} (on PATH)` : `${PACKAGES[name]} (${r.tool.path})`;
  return `${name} from ${where}`;
}

const cache = new Map<string, MediaTools>();

/** ffmpeg and ffprobe as `env` finds them (default: this process's environment); looked up once per environment. */
export function resolveMediaTools(env: NodeJS.ProcessEnv = process.env): MediaTools {
  const key = [env.FFMPEG_PATH, env.FFPROBE_PATH, env.PATH].join('\0');
  const known = cache.get(key);
  if (known) return known;
  const ffmpeg = resolveOne('ffmpeg', env);
  const ffprobe = resolveOne('ffprobe', env);
  const tools = { ffmpeg: ffmpeg.tool, ffprobe: ffprobe.tool, summary: `${describe('ffmpeg', ffmpeg)}; ${describe('ffprobe', ffprobe)}` };
  cache.set(key, tools);
  return tools;
}
