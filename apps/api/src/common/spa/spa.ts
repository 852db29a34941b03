import fs from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';

const isApi = (p: string) => p === '/api' || p.startsWith('/api/');

/** Vite puts content-hashed files under /assets: they never change, cache them for a year. */
const HASHED = /^\/assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/**
 * Serves the built SPA outside /api: static files, and `index.html` (never cached) for every other
 * GET so that history-mode URLs like /jobs/123 load the app. Returns null when there is no build.
 */
export function spaHandlers(distDir: string): RequestHandler[] | null {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return null;

  const serveStatic = express.static(distDir, {
    index: false,
    redirect: false,
    setHeaders: (res, filePath) => {
      const rel = `/${path.relative(distDir, filePath).split(path.sep).join('/')}`;
      res.setHeader('Cache-Control', HASHED.test(rel) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const staticOutsideApi = (req: Request, res: Response, next: NextFunction) => {
    if (isApi(req.path)) return next();
    return serveStatic(req, res, next);
  };

  const historyFallback = (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApi(req.path)) return next();
    // A missing hashed asset is a real 404, not the app (a stale tab after a deploy).
    if (req.path.startsWith('/assets/')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile, (err) => {
      if (err) next(err);
    });
  };

  return [staticOutsideApi, historyFallback];
}
