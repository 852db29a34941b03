import { catalogue, LOCALES } from '@legenett/contracts';
import { i18n } from '@/shared/i18n/i18n';

/**
 * The whole catalogue, both languages, put into i18next at once. The app loads a language's sections
 * with their routes (`shared/i18n/sections.ts`); tests render any component in any language without
 * waiting for that. `route-namespaces.test.ts` checks the routes' own lists instead.
 */
export async function preloadWholeCatalogue(): Promise<void> {
  for (const locale of LOCALES)
    for (const [namespace, messages] of Object.entries(catalogue[locale]))
      i18n.addResourceBundle(locale, namespace, messages, true, true);
  if (!i18n.isInitialized) await new Promise<void>((resolve) => i18n.on('initialized', () => resolve()));
}
