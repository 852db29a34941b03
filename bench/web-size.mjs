#!/usr/bin/env node
// Compressed JavaScript (and CSS) the first load of a route fetches, read from the web build:
// `index.html`'s scripts (boot.js, the entry) and module preloads, plus each route's lazily loaded page module and its
// message catalogue sections (in one language), with everything they import statically.
// Sizes are of the build's own pre-compressed `.br` / `.gz` copies (what the server sends).
//
//   npx turbo run build --filter=@legenett/web...   # or: cd apps/web && npx vite build
//   node bench/web-size.mjs [--lang no|en] [--json] [--list]
//
// Budget (issue 13): initial JS <= 200 KiB brotli on `/` and `/feed`; exits 1 when over.
// The browser's view of the same loads (and FCP/LCP/TBT) comes from bench/web-vitals.mjs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const args = process.argv.slice(2);
const lang = args.includes('--lang') ? args[args.indexOf('--lang') + 1] : 'no';
const BUDGET_KIB = 200;

/**
 * The page module each measured route lazily loads (see apps/web/src/app/router.tsx) and the catalogue
 * sections its route waits for besides the shell's (`ROUTE_NAMESPACES` in the router).
 */
/** The catalogue sections the app shell loads at start (`SHELL_NAMESPACES` in apps/web/src/shared/i18n/sections.ts). */
const SHELL_NAMESPACES = ['web', 'errors', 'validation', 'auth', 'notifications_ui', 'search_ui'];
const ROUTES = {
  '/': { page: 'src/app/routes/home.tsx' },
  '/feed': { page: 'src/features/feed/routes/feed.tsx', namespaces: ['feed', 'network'] },
};

const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(
    `No ${path.relative(root, manifestFile)}: build the web app first (build.manifest is on in vite.config.ts).`,
  );
  // Exit code 2: nothing to measure (distinct from 1, "over the budget").
  process.exit(2);
}
/** @type {Record<string, {file: string, src?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[]}>} */
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);

const size = (file, suffix = '') => {
  const full = path.join(dist, file + suffix);
  return fs.existsSync(full) ? fs.statSync(full).size : fs.statSync(path.join(dist, file)).size;
};

/** A manifest entry and everything it imports statically (what its import costs before it runs). */
function closure(keys, into = new Set()) {
  for (const key of keys) {
    if (!manifest[key] || into.has(key)) continue;
    into.add(key);
    closure(manifest[key].imports ?? [], into);
  }
  return into;
}

const kib = (n) => (n / 1024).toFixed(1);
const rows = [];
let over = false;
for (const [route, { page, namespaces = [] }] of Object.entries(ROUTES)) {
  // `…/i18n/<section>.ts?lang=xx` (one section), `…/i18n/index.ts?lang=xx&sections=a,b` (the shell's).
  const sectionKeys = Object.keys(manifest).filter((k) => {
    const m = /\/i18n\/([a-z-]+)\.ts\?lang=([a-z]+)(?:&sections=(.+))?$/.exec(k);
    if (!m || m[2] !== lang) return false;
    if (m[1] === 'index') return SHELL_NAMESPACES.every((ns) => m[3]?.split(',').includes(ns));
    return namespaces.includes(m[1].replace(/-/g, '_'));
  });
  const keys = closure([entryKey, page, ...sectionKeys]);
  // boot.js: the skin and language script the API writes inline into every page (page-html.ts).
  const js = ['boot.js', ...[...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'))];
  const css = [...new Set([...keys].flatMap((k) => manifest[k].css ?? []))];
  const sum = (files, suffix) => files.reduce((n, f) => n + size(f, suffix), 0);
  const row = {
    route,
    jsFiles: js.length,
    jsRaw: sum(js, ''),
    jsGzip: sum(js, '.gz'),
    jsBrotli: sum(js, '.br'),
    cssRaw: sum(css, ''),
    cssBrotli: sum(css, '.br'),
    files: args.includes('--list')
      ? js.map((f) => [f, size(f, '.br')]).sort((a, b) => b[1] - a[1])
      : undefined,
  };
  if (row.jsBrotli > BUDGET_KIB * 1024) over = true;
  rows.push(row);
}

if (args.includes('--json')) console.log(JSON.stringify(rows, null, 2));
else {
  console.log(`initial load per route (language ${lang}); budget ${BUDGET_KIB} KiB brotli JS`);
  console.log('route    files  JS raw KiB  JS gzip KiB  JS brotli KiB  CSS raw KiB  CSS brotli KiB');
  for (const r of rows) {
    console.log(
      `${r.route.padEnd(8)} ${String(r.jsFiles).padStart(5)} ${kib(r.jsRaw).padStart(11)} ${kib(r.jsGzip).padStart(12)} ${kib(r.jsBrotli).padStart(14)} ${kib(r.cssRaw).padStart(12)} ${kib(r.cssBrotli).padStart(15)}`,
    );
    for (const [f, n] of r.files ?? []) console.log(`    ${kib(n).padStart(7)}  ${f}`);
  }
}
// The exit code is the verdict: 1 when a route's initial JS is over the 200 KiB budget, so a CI step can gate on it.
process.exit(over ? 1 : 0);
