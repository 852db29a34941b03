import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@legenett/contracts';
import { z } from 'zod';

/**
 * The build's route preload table (`apps/web/vite.preload.ts` writes it to `.vite/route-preload.json`,
 * a folder the server never serves): every chunk with the chunks it imports (minus the start-up's),
 * every route of the SPA's route table with its page chunk and catalogue sections, and per language the
 * chunk of each section (`*`: the shell's).
 */
const RoutePreloadSchema = z.object({
  chunks: z.array(z.tuple([z.string().regex(/^[A-Za-z0-9_-]+$/), z.array(z.number().int().nonnegative())])),
  routes: z.array(z.tuple([z.string().startsWith('/'), z.number().int().nonnegative(), z.array(z.string())])),
  sections: z.record(z.string(), z.record(z.string(), z.number().int().nonnegative())),
  /** Indexes into `routes` of the routes whose layout is full (no navigation). */
  full: z.array(z.number().int().nonnegative()).optional(),
  /** Per language, the cookie notice as HTML (the web's `shared/ui/cookie-notice-prepaint.ts`). */
  prepaint: z.record(z.string(), z.string()).optional(),
});
export type RoutePreloadTable = z.infer<typeof RoutePreloadSchema>;

/** The language of a page: the `LOCALE_COOKIE` the web writes with the choice, else the default. */
export const pageLocale = (cookie: string | null): Locale =>
  (LOCALES as readonly string[]).includes(cookie ?? '') ? (cookie as Locale) : DEFAULT_LOCALE;

/** The table of a build, or null (an older build, or none: pages then get no preloads). */
export function readRoutePreloads(distDir: string): RoutePreloadTable | null {
  const file = path.join(distDir, '.vite', 'route-preload.json');
  if (!fs.existsSync(file)) return null;
  const parsed = RoutePreloadSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} does not have the expected shape: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * The route a URL path opens: the pattern of the same length whose fixed segments match and that has
 * the fewest `:params` (so `/jobs/new` wins over `/jobs/:id`). Index into `table.routes`, or -1.
 */
export function matchRoute(table: RoutePreloadTable, pathname: string): number {
  const here = (pathname.replace(/\/+$/, '') || '/').split('/');
  let best = -1;
  let fewest = Infinity;
  table.routes.forEach(([pattern], index) => {
    const parts = pattern.split('/');
    if (parts.length !== here.length) return;
    let params = 0;
    for (let i = 0; i < parts.length; i++) {
      if (parts[i]!.startsWith(':')) {
        if (here[i] === '') return;
        params++;
      } else if (parts[i] !== here[i]) return;
    }
    if (params < fewest) {
      best = index;
      fewest = params;
    }
  });
  return best;
}

/** The chunks to preload for route `route` (-1: none) in `locale`: the shell's texts, the page, its texts, all they import. */
export function preloadFiles(table: RoutePreloadTable, route: number, locale: Locale): string[] {
  const inLocale = table.sections[locale] ?? {};
  const todo: (number | undefined)[] = [inLocale['*']];
  const match = table.routes[route];
  if (match) todo.push(match[1], ...match[2].map((section) => inLocale[section]));
  const seen = new Set<number>();
  const files: string[] = [];
  while (todo.length > 0) {
    const i = todo.shift();
    if (i === undefined || seen.has(i)) continue;
    const chunk = table.chunks[i];
    if (!chunk) continue;
    seen.add(i);
    files.push(`/assets/${chunk[0]}.js`);
    todo.push(...chunk[1]);
  }
  return files;
}

/**
 * What the page shows before the app has run, inside `#root`: the cookie notice in the language, in a
 * box that gives it the place the shell's main gives it (`.prepaint` in the web's `app/global.css`,
 * with the navigation's room unless the route's layout is full). On a first visit it is the largest
 * text of the first screen; without it nothing showed until the start-up chunk, the router, the page's
 * chunk and its texts had arrived and run. React's first commit replaces it with its own notice at the
 * same place; the boot script hides it once the notice was accepted. Routes the table does not know
 * (-1) get none: their layout is not known.
 */
export function prepaintHtml(table: RoutePreloadTable, route: number, locale: Locale): string | null {
  const notice = table.prepaint?.[locale];
  if (route < 0 || !notice) return null;
  const navbar = table.full?.includes(route) ? '' : ' data-navbar';
  return `<div class="prepaint"${navbar}>${notice}</div>`;
}

/**
 * `boot.js` (the skin and language before React starts) written into the page: it blocks the first
 * paint, and a file of its own cost a round trip before anything could show. The policy allows it by
 * its hash (`appCsp`), nothing else inline.
 */
export interface InlineScript {
  text: string;
  /** `sha256-…`, for the Content-Security-Policy. */
  hash: string;
}
export function inlineScript(text: string): InlineScript {
  return { text, hash: `sha256-${createHash('sha256').update(text).digest('base64')}` };
}

const BOOT_TAG = '<script src="/boot.js"></script>';
const ROOT_TAG = '<div id="root"></div>';

/**
 * `index.html` for one page: `<html lang>` in the page's language, the boot script inline, and a
 * `<link rel="modulepreload">` per file before `</head>`, so the browser's preload scanner fetches the
 * page's chunks and texts beside the start-up chunk, before any script has run.
 */
export function pageHtml(
  template: string,
  files: string[],
  locale: Locale,
  boot: InlineScript | null = null,
  prepaint: string | null = null,
): string {
  const links = files.map((file) => `    <link rel="modulepreload" crossorigin href="${file}">\n`).join('');
  let html = template
    .replace(/<html lang="[a-z]+"/, `<html lang="${locale}"`)
    .replace(/([ \t]*)<\/head>/, (_, indent: string) => `${links}${indent}</head>`);
  if (boot) html = html.replace(BOOT_TAG, () => `<script>${boot.text}</script>`);
  if (prepaint) html = html.replace(ROOT_TAG, () => `<div id="root">${prepaint}</div>`);
  return html;
}

export interface PageBodies {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The page for a request path and language, compressed once per (route, language) and kept: the same
 * few dozen variants serve every page request.
 */
export function pageCache(
  template: string,
  table: RoutePreloadTable | null,
  boot: InlineScript | null,
): (pathname: string, locale: Locale) => PageBodies {
  const cache = new Map<string, PageBodies>();
  return (pathname, locale) => {
    const route = table ? matchRoute(table, pathname) : -1;
    const key = `${route}:${locale}`;
    const known = cache.get(key);
    if (known) return known;
    const raw = Buffer.from(
      pageHtml(
        template,
        table ? preloadFiles(table, route, locale) : [],
        locale,
        boot,
        table ? prepaintHtml(table, route, locale) : null,
      ),
    );
    const bodies = { raw, br: zlib.brotliCompressSync(raw), gzip: zlib.gzipSync(raw, { level: 9 }) };
    cache.set(key, bodies);
    return bodies;
  };
}
