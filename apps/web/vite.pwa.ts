import type { Plugin, Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { THEME_COLORS } from './src/shared/config/theme-colors';

/** The shell's catalogue module (`…/i18n/index.ts?lang=xx&sections=…`, vite.contracts.ts). */
const SHELL_TEXTS = /\/i18n\/index\.ts\?lang=[a-z]+&sections=/;

/** Files precached besides the start-up's chunks, styles and texts (paths relative to dist). */
const SHELL_FILES = /^(?:index\.html|boot\.js|favicon\.svg|manifest\.webmanifest|icons\/[^/]+\.png)$/;

/** The splash screen's background: the light skin's page (the manifest has room for one). */
const BACKGROUND_LIGHT = '#ffffff';

/**
 * The installable app (docs/push-and-pwa.md): the web app manifest and the service worker
 * (`src/sw/sw.ts`, Workbox, built by vite-plugin-pwa's `injectManifest`). The page registers the
 * worker itself after it has loaded (`src/app/pwa/register-sw.ts`), so the plugin injects no script.
 *
 * The precache is the app shell only: the page template, the start-up chunk with the chunks it
 * imports, its styles, the shell's texts in both languages, the icons. The ~200 page chunks are
 * cached when first loaded (the worker's runtime cache), not fetched at install on a phone's data plan.
 */
export function pwa(): Plugin[] {
  const shell = new Set<string>();
  const collectShell: Plugin = {
    name: 'legenett-pwa-shell',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const todo = chunks.filter((c) => c.isEntry || SHELL_TEXTS.test(c.facadeModuleId ?? '')).map((c) => c.fileName);
      while (todo.length > 0) {
        const file = todo.pop()!;
        if (shell.has(file)) continue;
        shell.add(file);
        const chunk = byFile.get(file);
        todo.push(...(chunk?.imports ?? []));
        for (const css of chunk?.viteMetadata?.importedCss ?? []) shell.add(css);
      }
    },
  };
  return [
    collectShell,
    ...VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifestFilename: 'manifest.webmanifest',
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Legenett – nettverket for leger',
        short_name: 'Legenett',
        description: 'Det profesjonelle nettverket for leger og helsepersonell i Norge.',
        lang: 'no',
        dir: 'ltr',
        start_url: '/feed',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME_COLORS.light,
        background_color: BACKGROUND_LIGHT,
        categories: ['medical', 'social', 'business'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
        shortcuts: [
          {
            name: 'Meldinger',
            short_name: 'Meldinger',
            description: 'Samtalene dine',
            url: '/messages',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Stillinger',
            short_name: 'Stillinger',
            description: 'Ledige stillinger for leger',
            url: '/jobs',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.filter((e) => SHELL_FILES.test(e.url) || shell.has(e.url)),
            warnings: [],
          }),
        ],
        // The worker's own bundle: small, no source map served beside it.
        sourcemap: false,
      },
    }),
  ];
}
