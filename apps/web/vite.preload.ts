import fs from 'node:fs';
import path from 'node:path';
import { minifySync, type Plugin, type Rolldown, runnerImport } from 'vite';
import { fillPrepaint, type PrepaintTexts } from './src/shared/ui/cookie-notice-prepaint';

/** `r(paths.<key>.path, …, { … page(() => import('<spec>')…, ['<section>', …]) })` in the route table. */
const ROUTE =
  /\br\(paths\.(\w+)\.path,(?:(?!\br\(paths\.)[^])*?\bpage\(\s*\(\) => import\('([^']+)'\)(?:\.then\(\(m\) => \(\{ Component: m\.\w+ \}\)\))?(?:,\s*\[([^\]]*)\])?\s*\)/g;
/** `<key>: '<pattern>',` in the contracts' web-routes.ts (the one table the web's paths.ts is built from). */
const PATH = /^\s+(\w+): '(\/[^']*)',$/gm;
/** A catalogue section module: `…/i18n/<section>.ts?lang=xx`, or the shell's `…/i18n/index.ts?lang=xx&sections=…`. */
const SECTION = /\/i18n\/([a-z-]+)\.ts\?lang=([a-z]+)(&sections=.+)?$/;

function resolveSpec(src: string, from: string, spec: string): string | null {
  const base = spec.startsWith('@/') ? path.join(src, spec.slice(2)) : path.resolve(path.dirname(from), spec);
  for (const candidate of [`${base}.tsx`, `${base}.ts`, base])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
}

/**
 * Route preloads from the HTML. The router asks for a page's chunk (and its catalogue sections) only
 * once the start-up chunk has arrived and run, one round trip and the start-up's evaluation after
 * the HTML; on a phone that is most of the time to the first paint. This writes a table of every route
 * of `src/app/router.tsx` (its URL pattern, its page's chunk and its catalogue sections, with the
 * chunks those import statically, minus the start-up's, which `index.html` preloads) to
 * `dist/.vite/route-preload.json`. The API serves each page's `index.html` with a
 * `<link rel="modulepreload">` per chunk of that URL and language (apps/api/src/common/spa/page-html.ts),
 * so the browser's preload scanner fetches them beside the start-up chunk before any script runs. The
 * table is read from the route table's `page(…)` calls, as `route-namespaces.test.ts` does; a route it
 * cannot read just gets no head start.
 */
export function routePreload(options: { src: string }): Plugin {
  let outDir = 'dist';
  const routerFile = path.join(options.src, 'app/router.tsx');
  const pathsFile = path.resolve(options.src, '../../../packages/contracts/src/web-routes.ts');
  return {
    name: 'legenett-route-preload',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!, c]));
      const closure = (start: string[], into = new Set<string>()) => {
        const todo = [...start];
        while (todo.length > 0) {
          const file = todo.pop()!;
          if (into.has(file)) continue;
          into.add(file);
          todo.push(...(byFile.get(file)?.imports ?? []));
        }
        return into;
      };
      const startup = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));

      // The chunks a route needs beyond the start-up's (which index.html preloads), with their imports.
      const table: [string, number[]][] = [];
      const indexOf = new Map<string, number>();
      const index = (file: string): number => {
        const known = indexOf.get(file);
        if (known !== undefined) return known;
        const at = table.push([path.basename(file, '.js'), []]) - 1;
        indexOf.set(file, at);
        table[at]![1] = (byFile.get(file)?.imports ?? []).filter((f) => !startup.has(f)).map(index);
        return at;
      };
      const sectionFiles: Record<string, Record<string, string>> = {};
      for (const [id, chunk] of byModule) {
        const m = SECTION.exec(id);
        if (!m) continue;
        (sectionFiles[m[2]!] ??= {})[m[3] ? '*' : m[1]!.replace(/-/g, '_')] = chunk.fileName;
      }

      const patterns = Object.fromEntries(
        [...fs.readFileSync(pathsFile, 'utf8').matchAll(PATH)].map((m) => [m[1]!, m[2]!]),
      );
      // No table read is a build that preloads nothing for any page: say so rather than ship it.
      if (!patterns.feed || !patterns.jobs) throw new Error(`routePreload: no route patterns read from ${pathsFile}`);
      const routes: [string, number, string[]][] = [];
      // The routes whose layout is full (no navigation): the cookie notice written into their pages
      // leaves no room for it.
      const full: number[] = [];
      for (const m of fs.readFileSync(routerFile, 'utf8').matchAll(ROUTE)) {
        // Administrators' pages are left out (200 bytes): a few people, who open them from the app.
        if (/^r\(paths\.\w+\.path,\s*'admin'/.test(m[0])) continue;
        const pattern = patterns[m[1]!];
        const page = resolveSpec(options.src, routerFile, m[2]!);
        const chunk = page ? byModule.get(page) : undefined;
        if (!pattern || !chunk) continue;
        const named = (m[3] ?? '')
          .split(',')
          .map((s) => s.trim().replace(/'/g, ''))
          .filter(Boolean);
        // An optional last segment (`/:id?`) is two patterns.
        const variants = pattern.endsWith('?')
          ? [pattern.slice(0, pattern.lastIndexOf('/')) || '/', pattern.slice(0, -1)]
          : [pattern];
        for (const variant of variants) {
          if (/\blayout: full\b/.test(m[0])) full.push(routes.length);
          routes.push([variant, index(chunk.fileName), named]);
        }
      }
      // The shell's sections (`*`) and those a route names, per language.
      const used = new Set(['*', ...routes.flatMap((r) => r[2])]);
      const sections = Object.fromEntries(
        Object.entries(sectionFiles).map(([lang, files]) => [
          lang,
          Object.fromEntries(
            Object.entries(files)
              .filter(([key]) => used.has(key))
              .map(([key, file]) => [key, index(file)]),
          ),
        ]),
      );

      const out = path.join(outDir, '.vite', 'route-preload.json');
      fs.mkdirSync(path.dirname(out), { recursive: true });
      // The cookie notice per language, as HTML for the pages (src/shared/ui/cookie-notice-prepaint.ts).
      const template = fs.readFileSync(path.join(options.src, 'shared/ui/cookie-notice.prepaint.html'), 'utf8');
      const { catalogue } = (
        await runnerImport<{ catalogue: Record<string, { web: { cookie: PrepaintTexts } }> }>(
          path.resolve(options.src, '../../../packages/contracts/src/i18n/index.ts'),
        )
      ).module;
      const prepaint = Object.fromEntries(
        Object.entries(catalogue).map(([locale, messages]) => [locale, fillPrepaint(template, messages.web.cookie)]),
      );
      fs.writeFileSync(out, JSON.stringify({ chunks: table, routes, sections, full, prepaint }));

      // The API writes boot.js into every page (it blocks the first paint): minified, without its comments.
      const boot = path.join(outDir, 'boot.js');
      fs.writeFileSync(boot, minifySync('boot.js', fs.readFileSync(boot, 'utf8')).code);
    },
  };
}
