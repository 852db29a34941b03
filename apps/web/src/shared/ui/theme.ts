import {
  createTheme,
  type CSSVariablesResolver,
  darken,
  DEFAULT_THEME,
  lighten,
  localStorageColorSchemeManager,
  luminance,
} from '@mantine/core';
import { storageKeys } from '@/shared/config/storage-keys';

/** WCAG 2.1 AA for normal text. */
export const AA_CONTRAST = 4.5;

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `color`, darkened in small steps until it reaches AA contrast on `background`. */
export function readableOn(color: string, background: string): string {
  let c = color;
  for (let i = 0; i < 20 && contrastRatio(c, background) < AA_CONTRAST; i += 1) c = darken(c, 0.08);
  return c;
}

/** `color`, lightened in small steps until it reaches AA contrast on a dark `background`. */
export function readableOnDark(color: string, background: string): string {
  let c = color;
  for (let i = 0; i < 20 && contrastRatio(c, background) < AA_CONTRAST; i += 1) c = lighten(c, 0.15);
  return c;
}

/** The background of a light (and subtle) button under the pointer in the dark skin, as Mantine draws it. */
export const darkLightHover = (shades: readonly string[]): string => darken(shades[9]!, 0.3);

const WHITE = DEFAULT_THEME.white;

/**
 * Colours every text meets WCAG AA (4.5:1) with, in both skins (issue: white on blue-6 was 3.55:1,
 * dimmed grey on white 3.32:1):
 * - filled surfaces use shade 9, and text on a filled surface that is too light for white turns
 *   black (`autoContrast` with the threshold where white falls below 4.5:1);
 * - coloured text on white (`c="orange"`, outline and light variants, anchors) is darkened per colour
 *   until it reaches 4.5:1 on white and on the light variant's tint;
 * - dimmed, error and placeholder greys are a step darker in light and lighter in dark.
 * `theme.test.ts` checks every colour against these rules.
 */
const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  };
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (!Array.isArray(shades) || shades.length < 10) continue;
    const onWhite = readableOn(shades[9]!, WHITE);
    // Readable on the light variant's tint (shade 1) and on its hover (shade 2, darker): issue 25
    // found a hovered light button at 4.01:1.
    const onTint = readableOn(onWhite, shades[2]!);
    light[`--mantine-color-${name}-text`] = onWhite;
    light[`--mantine-color-${name}-outline`] = onWhite;
    light[`--mantine-color-${name}-light-color`] = onTint;
  }
  const dark: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (!Array.isArray(shades) || shades.length < 10) continue;
    dark[`--mantine-color-${name}-light-color`] = readableOnDark(shades[0]!, darkLightHover(shades));
  }
  return {
    variables: {},
    light: { ...light, '--mantine-color-anchor': light[`--mantine-color-${theme.primaryColor}-text`]! },
    dark: {
      ...dark,
      '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
      '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
      '--mantine-color-error': 'var(--mantine-color-red-4)',
    },
  };
};

/** Luminance above which white text on a filled surface falls below 4.5:1 (so it turns black). */
export const LUMINANCE_THRESHOLD = 1.05 / AA_CONTRAST - 0.05;

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 9, dark: 9 },
  autoContrast: true,
  luminanceThreshold: LUMINANCE_THRESHOLD,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  focusRing: 'auto',
  // A person who asked their device for less motion gets menus, dialogs and toasts without animation
  // (WCAG 2.3.3); the web tests run as such a person (testing/setup.ts).
  respectReducedMotion: true,
  components: {
    // A plain override (what `Modal.extend` returns): importing Modal here would put it in the start-up code.
    Modal: { styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } } },
  },
});

export { cssVariablesResolver };

/** The light/dark choice is remembered in local storage (read early by index.html too). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: storageKeys.colorScheme });
