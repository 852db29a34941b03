import { onTestFinished } from 'vitest';

/**
 * Makes the rest of the test run as on a phone held upright (390 px): every `max-width` media
 * query matches, every `min-width` one does not (`usePhone`, Mantine's `hiddenFrom`). The
 * desktop answer of `testing/setup.ts` comes back when the test ends.
 */
export function asPhone(): void {
  answerMediaQueries((query) => /max-width/.test(query));
}

/**
 * Makes the rest of the test run on a device whose owner chose the dark appearance
 * (`prefers-color-scheme: dark`); the answer of `testing/setup.ts` comes back when the test ends.
 */
export function asDarkPreference(): void {
  answerMediaQueries((query) => /prefers-color-scheme:\s*dark/.test(query));
}

function answerMediaQueries(matches: (query: string) => boolean): void {
  const desktop = window.matchMedia;
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
  onTestFinished(() => {
    window.matchMedia = desktop;
  });
}
