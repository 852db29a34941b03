/**
 * The colour of an installed app's title bar and of a phone browser's toolbar (`<meta name="theme-color">`)
 * per skin: the logo's blue in the light skin (also the manifest's `theme_color`, apps/web/vite.pwa.ts),
 * the dark skin's page background in the dark one. public/boot.js sets it before the first paint
 * (a copy of these two values: it runs before any module).
 */
export const THEME_COLORS = { light: '#1c7ed6', dark: '#242424' } as const;
