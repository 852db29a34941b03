import type { Locale, Messages } from '@legenett/contracts';

/**
 * The catalogue of `packages/contracts`, cut per language and per section: each import below is a
 * module of its own (built by `vite.contracts.ts`), so the app fetches one language's sections as it
 * needs them instead of the whole catalogue in both languages.
 *
 * A section's file is its namespace with `-` for `_` (`notifications-ui.ts`: `notifications_ui`); a new
 * section file in the contracts is picked up here without a change.
 */
type Loader = () => Promise<Messages>;
type Bundle = () => Promise<Record<string, Messages>>;

const bySection: Record<Locale, Record<string, Loader>> = {
  no: import.meta.glob<Messages>(
    [
      '../../../../../packages/contracts/src/i18n/*.ts',
      '!../../../../../packages/contracts/src/i18n/index.ts',
      '!../../../../../packages/contracts/src/i18n/define.ts',
    ],
    {
      query: { lang: 'no' },
      import: 'default',
    },
  ),
  en: import.meta.glob<Messages>(
    [
      '../../../../../packages/contracts/src/i18n/*.ts',
      '!../../../../../packages/contracts/src/i18n/index.ts',
      '!../../../../../packages/contracts/src/i18n/define.ts',
    ],
    {
      query: { lang: 'en' },
      import: 'default',
    },
  ),
};

/**
 * The sections the app shell (layout, header, navigation, toasts, forms' messages) uses on every
 * page: loaded at start, in one module per language (one request, not six).
 */
export const SHELL_NAMESPACES = ['web', 'errors', 'validation', 'auth', 'notifications_ui', 'search_ui'] as const;

// The list in `sections` must be SHELL_NAMESPACES (route-namespaces.test.ts checks it).
const shellBundle: Record<Locale, Bundle> = {
  no: Object.values(
    import.meta.glob<Record<string, Messages>>('../../../../../packages/contracts/src/i18n/index.ts', {
      query: { lang: 'no', sections: 'web,errors,validation,auth,notifications_ui,search_ui' },
      import: 'default',
    }),
  )[0]!,
  en: Object.values(
    import.meta.glob<Record<string, Messages>>('../../../../../packages/contracts/src/i18n/index.ts', {
      query: { lang: 'en', sections: 'web,errors,validation,auth,notifications_ui,search_ui' },
      import: 'default',
    }),
  )[0]!,
};

const namespaceOf = (file: string) => /([a-z0-9-]+)\.ts$/.exec(file)![1]!.replace(/-/g, '_');

/** Namespace -> loader of its messages, per language. */
export const sectionLoaders: Record<Locale, Record<string, Loader>> = {
  no: Object.fromEntries(Object.entries(bySection.no).map(([file, load]) => [namespaceOf(file), load])),
  en: Object.fromEntries(Object.entries(bySection.en).map(([file, load]) => [namespaceOf(file), load])),
};

/** The shell's sections in one language, from their shared module. */
export const loadShellSections = (locale: Locale): Promise<Record<string, Messages>> => shellBundle[locale]();

/** One section in one language: the shell's from their shared module, the others from their own. */
export async function loadSection(locale: Locale, namespace: string): Promise<Messages> {
  if ((SHELL_NAMESPACES as readonly string[]).includes(namespace)) {
    const shell = await loadShellSections(locale);
    const messages = shell[namespace];
    if (messages) return messages;
  }
  const load = sectionLoaders[locale][namespace];
  if (!load) throw new Error(`No catalogue section "${namespace}" (${locale})`);
  return load();
}
