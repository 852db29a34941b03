import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const contractsSrc = fileURLToPath(new URL('../../packages/contracts/src/', import.meta.url));
const i18nDir = path.join(contractsSrc, 'i18n');

/**
 * `…/contracts/src/i18n/<section>.ts?lang=<locale>`: one section of the catalogue in one language;
 * `…/contracts/src/i18n/index.ts?lang=<locale>&sections=a,b`: several sections, by name, in one module.
 */
const MESSAGES_ID = /[\\/]packages[\\/]contracts[\\/]src[\\/]i18n[\\/]([a-z0-9-]+)\.ts\?(lang=.+)$/;

type Catalogue = Record<string, Record<string, unknown>>;

/**
 * The web's view of `packages/contracts` (read as TypeScript source, see vite.aliases.ts):
 *
 * - A catalogue section in one language is a module of its own, `<section>.ts?lang=no`, whose default
 *   export is that language's messages (JSON, evaluated at build time from the contracts' one
 *   `catalogue`), so the web loads only the current language's sections it needs
 *   (`src/shared/i18n/sections.ts`). The file name is the namespace with `-` for `_`.
 * - The contracts' modules have no side effects (schemas, messages, rules): a module nothing uses is
 *   dropped, so the barrel `@legenett/contracts` does not pull every area's schemas into every chunk.
 *
 * The API keeps using the whole catalogue as it is (it translates errors server-side).
 */
// Typed by its own hooks (not as Vite 8's `Plugin`): vitest runs it on its own Vite 7 as well.
export function contracts() {
  let catalogue: Promise<Catalogue> | null = null;
  const loadCatalogue = () =>
    (catalogue ??= runnerImport<{ catalogue: Catalogue }>(path.join(i18nDir, 'index.ts')).then(
      (r) => r.module.catalogue,
    ));
  return {
    name: 'legenett-contracts',
    enforce: 'pre' as const,
    async load(id: string) {
      const match = MESSAGES_ID.exec(id);
      if (!match) return null;
      const [, file = '', query = ''] = match;
      const params = new URLSearchParams(query);
      const locale = params.get('lang') ?? '';
      const language = (await loadCatalogue())[locale];
      if (!language) throw new Error(`${id}: no catalogue language ${locale}`);
      const section = (namespace: string) => {
        const found = language[namespace];
        if (!found)
          throw new Error(
            `${namespace} (${file}.ts) is not a section of the catalogue in packages/contracts/src/i18n/index.ts`,
          );
        return found;
      };
      // A section's file name is its namespace with `-` for `_` (notifications-ui.ts: notifications_ui).
      const messages =
        file === 'index'
          ? Object.fromEntries((params.get('sections') ?? '').split(',').map((ns) => [ns, section(ns)]))
          : section(file.replace(/-/g, '_'));
      return {
        code: `export default JSON.parse(${JSON.stringify(JSON.stringify(messages))});`,
        map: null,
        moduleSideEffects: false as const,
      };
    },
    transform(code: string, id: string) {
      if (!id.startsWith(contractsSrc) || id.includes('?')) return null;
      return { code, map: null, moduleSideEffects: false as const };
    },
    watchChange(id: string) {
      if (id.startsWith(i18nDir)) catalogue = null;
    },
  };
}
