import fs from 'node:fs';
import path from 'node:path';
import { LOCALE_COOKIE } from '@legenett/contracts';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { readCookie } from '../http/cookies';
import { appCsp } from '../security/security-headers';
import { inlineScript, pageCache, pageLocale, readRoutePreloads } from './page-html';

const isApi = (p: string) => p === '/api' || p.startsWith('/api/');

/**
 * Vite puts content-hashed files under /assets (`[hash].js` chunks, `name-[hash].ext` entries and CSS):
 * they never change, cache them for a year.
 */
const HASHED = /^\/assets\/(?:[^/]+-)?[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/** A path whose last segment has a file extension asks for a file, never for a page of the app. */
const LOOKS_LIKE_FILE = /\/[^/]*\.[A-Za-z0-9]{1,8}$/;

const cacheControlOf = (rel: string) =>
  HASHED.test(rel) ? 'public, max-age=31536000, immutable' : 'no-cache';

type Encoding = 'br' | 'gzip';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };
const ALL_ENCODINGS = new Set<Encoding>(['br', 'gzip']);

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * The build's pre-compressed copies (`<file>.br`, `<file>.gz`, written by apps/web/vite.compress.ts),
 * by URL path of the original: read once at start-up, so a request never touches the disk to ask.
 */
function compressedCopies(distDir: string): Map<string, Set<Encoding>> {
  const copies = new Map<string, Set<Encoding>>();
  for (const file of filesUnder(distDir)) {
    for (const encoding of ['br', 'gzip'] as const) {
      if (!file.endsWith(SUFFIX[encoding])) continue;
      const rel = `/${path.relative(distDir, file.slice(0, -SUFFIX[encoding].length)).split(path.sep).join('/')}`;
      copies.set(rel, (copies.get(rel) ?? new Set()).add(encoding));
    }
  }
  return copies;
}

/** The best encoding both sides have: brotli, then gzip (q=0 refuses one). */
function chooseEncoding(header: string | undefined, available: Set<Encoding> | undefined): Encoding | null {
  if (!header || !available) return null;
  const accepted = new Set(
    header
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  for (const encoding of ['br', 'gzip'] as const)
    if (available.has(encoding) && (accepted.has(encoding) || accepted.has('*'))) return encoding;
  return null;
}

/**
 * Serves the built SPA outside /api: static files (pre-compressed with brotli or gzip when the client
 * takes it, `Vary: Accept-Encoding`), and `index.html` (never cached) for every other GET that names a
 * page, so history-mode URLs like /jobs/123 load the app; the page carries the route's module
 * preloads and the language of the `legenett-locale` cookie (page-html.ts). A path that asks for a file that does not
 * exist (`/assets/missing.js`, `/media/x.png`) is a 404, not the app. Returns null without a build.
 */
export function spaHandlers(distDir: string): RequestHandler[] | null {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  const copies = compressedCopies(distDir);
  const bootFile = path.join(distDir, 'boot.js');
  const boot = fs.existsSync(bootFile) ? inlineScript(fs.readFileSync(bootFile, 'utf8')) : null;
  const pageCsp = appCsp(boot ? [boot.hash] : []);
  const page = pageCache(fs.readFileSync(indexFile, 'utf8'), readRoutePreloads(distDir), boot);

  /** Sends `rel` (a file of the build) or its pre-compressed copy. */
  const send = (req: Request, res: Response, next: NextFunction, rel: string, cacheControl: string) => {
    const encoding = chooseEncoding(req.headers['accept-encoding'], copies.get(rel));
    res.setHeader('Cache-Control', cacheControl);
    if (copies.has(rel)) res.setHeader('Vary', 'Accept-Encoding');
    const file = path.join(distDir, rel);
    if (encoding) {
      res.setHeader('Content-Encoding', encoding);
      res.type(path.extname(rel));
    }
    res.sendFile(encoding ? `${file}${SUFFIX[encoding]}` : file, { dotfiles: 'deny' }, (err) => {
      if (err) next(err);
    });
  };

  const serveStatic = express.static(distDir, {
    index: false,
    redirect: false,
    setHeaders: (res, filePath) => {
      res.setHeader(
        'Cache-Control',
        cacheControlOf(`/${path.relative(distDir, filePath).split(path.sep).join('/')}`),
      );
    },
  });

  const staticOutsideApi = (req: Request, res: Response, next: NextFunction) => {
    if (isApi(req.path)) return next();
    if ((req.method === 'GET' || req.method === 'HEAD') && copies.has(req.path))
      return send(req, res, next, req.path, cacheControlOf(req.path));
    return serveStatic(req, res, next);
  };

  const historyFallback = (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApi(req.path)) return next();
    // A missing file is a real 404, not the app (a stale tab after a deploy, a broken image link).
    if (req.path.startsWith('/assets/') || LOOKS_LIKE_FILE.test(req.path)) return next();
    return sendPage(req, res);
  };

  /** `index.html` with the page's preloads, in the language of the `legenett-locale` cookie (see page-html.ts). */
  const sendPage = (req: Request, res: Response) => {
    const bodies = page(req.path, pageLocale(readCookie(req, LOCALE_COOKIE)));
    const encoding = chooseEncoding(req.headers['accept-encoding'], ALL_ENCODINGS);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Accept-Encoding, Cookie');
    res.setHeader('Content-Security-Policy', pageCsp);
    res.type('html');
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.send(encoding ? bodies[encoding] : bodies.raw);
  };

  return [staticOutsideApi, historyFallback];
}
