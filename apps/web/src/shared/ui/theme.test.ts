import { DEFAULT_THEME, getContrastColor, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { AA_CONTRAST, contrastRatio, cssVariablesResolver, darkLightHover, theme } from './theme';

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const vars = cssVariablesResolver(full);
const resolve = (value: string): string => {
  const m = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(value);
  return m ? full.colors[m[1]!]![Number(m[2])]! : value;
};
const colours = Object.keys(full.colors).filter((c) => c !== 'dark');

describe('theme colours meet WCAG AA (4.5:1)', () => {
  it('filled surfaces: the text Mantine puts on each colour (white or, when too light, black)', () => {
    // Both skins fill with shade 9 (primaryShade), so one check covers them.
    for (const colour of colours) {
      const surface = full.colors[colour]![9]!;
      const text = getContrastColor({ color: surface, theme: full, autoContrast: true });
      const textColour = text === 'var(--mantine-color-white)' ? full.white : full.black;
      expect.soft(contrastRatio(textColour, surface), colour).toBeGreaterThanOrEqual(AA_CONTRAST);
    }
  });

  it('coloured text, outlines and light variants on white and on their tint (light skin)', () => {
    for (const colour of colours) {
      expect
        .soft(contrastRatio(vars.light[`--mantine-color-${colour}-text`]!, full.white), colour)
        .toBeGreaterThanOrEqual(AA_CONTRAST);
      expect
        .soft(
          contrastRatio(vars.light[`--mantine-color-${colour}-light-color`]!, full.colors[colour]![1]!),
          colour,
        )
        .toBeGreaterThanOrEqual(AA_CONTRAST);
    }
    expect(contrastRatio(vars.light['--mantine-color-anchor']!, full.white)).toBeGreaterThanOrEqual(
      AA_CONTRAST,
    );
  });

  it('light and subtle buttons under the pointer, in both skins', () => {
    for (const colour of colours) {
      const shades = full.colors[colour]!;
      // Light skin: the hover background is shade 2 (Mantine), the text the light variant's colour.
      expect
        .soft(contrastRatio(vars.light[`--mantine-color-${colour}-light-color`]!, shades[2]!), colour)
        .toBeGreaterThanOrEqual(AA_CONTRAST);
      expect
        .soft(contrastRatio(vars.dark[`--mantine-color-${colour}-light-color`]!, darkLightHover(shades)), colour)
        .toBeGreaterThanOrEqual(AA_CONTRAST);
    }
  });

  it('dimmed and error text in both skins, on the body and on the default surfaces', () => {
    const lightBodies = [full.white, full.colors.gray![0]!, full.colors.gray![1]!];
    for (const bg of lightBodies) {
      expect(contrastRatio(resolve(vars.light['--mantine-color-dimmed']!), bg)).toBeGreaterThanOrEqual(
        AA_CONTRAST,
      );
      expect(contrastRatio(resolve(vars.light['--mantine-color-error']!), bg)).toBeGreaterThanOrEqual(
        AA_CONTRAST,
      );
    }
    const darkBodies = [full.colors.dark![7]!, full.colors.dark![6]!, full.colors.dark![5]!];
    for (const bg of darkBodies) {
      expect(contrastRatio(resolve(vars.dark['--mantine-color-dimmed']!), bg)).toBeGreaterThanOrEqual(
        AA_CONTRAST,
      );
      expect(contrastRatio(resolve(vars.dark['--mantine-color-error']!), bg)).toBeGreaterThanOrEqual(
        AA_CONTRAST,
      );
    }
  });
});
