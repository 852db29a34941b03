// Makes the app's PNG icons (the web app manifest, the home screen, the notification badge) from the
// logo, public/favicon.svg. The PNGs are committed; run this again after the logo changes:
//   node apps/web/scripts/make-icons.mjs
// sharp is the API's dependency (image re-encoding), found through the workspace's node_modules.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const web = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const out = path.join(web, 'public', 'icons');
const logo = fs.readFileSync(path.join(web, 'public', 'favicon.svg'), 'utf8');

// The cross of the logo on its own, for icons that draw their own background.
const cross = logo.match(/<path[^>]*\/>/)?.[0];
if (!cross) throw new Error('favicon.svg has no <path> (the cross) to draw the icons from');
const BLUE = logo.match(/fill="(#[0-9a-fA-F]{6})"/)?.[1] ?? '#1c7ed6';

/**
 * A maskable icon is cut by the platform into any shape inside its outer 10 %: a full-bleed square
 * in the logo's blue with the cross scaled into the safe zone (the inner 80 % circle).
 */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BLUE}"/><g transform="translate(32 32) scale(0.72) translate(-32 -32)">${cross}</g></svg>`;
/** The notification badge: Android draws only its alpha, so the white cross on nothing. */
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${cross}</svg>`;

const icons = [
  ['icon-192.png', logo, 192],
  ['icon-512.png', logo, 512],
  ['maskable-192.png', maskable, 192],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
  ['badge-96.png', badge, 96],
];

fs.mkdirSync(out, { recursive: true });
for (const [name, svg, size] of icons) {
  await sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
  console.log(`icons/${name} ${size}x${size}`);
}
