/** Hosts whose players may be embedded, with the path their player pages start with. */
const PLAYERS: readonly { host: string; path: RegExp }[] = [
  { host: 'www.youtube.com', path: /^\/embed\/[\w-]{6,20}$/ },
  { host: 'www.youtube-nocookie.com', path: /^\/embed\/[\w-]{6,20}$/ },
  { host: 'player.vimeo.com', path: /^\/video\/\d{1,12}$/ },
  { host: 'w.soundcloud.com', path: /^\/player\/$/ },
];

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Embed code as the administrator pasted it (an `<iframe>` or the player's address) turned into our
 * own iframe markup: only the `src` of an allowed player survives; every other attribute, element
 * and script is dropped. Null when there is no allowed player in it.
 */
export function sanitiseEmbed(code: string, title: string): string | null {
  const match = /<iframe\b[^>]*\bsrc\s*=\s*("([^"]*)"|'([^']*)')/i.exec(code);
  const raw = (match ? (match[2] ?? match[3] ?? '') : code.trim()).replace(/&amp;/g, '&');
  if (!URL.canParse(raw)) return null;
  const url = new URL(raw);
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const player = PLAYERS.find((p) => p.host === url.hostname && p.path.test(url.pathname));
  if (!player) return null;
  url.hash = '';
  return `<iframe src="${escape(url.toString())}" title="${escape(title)}" loading="lazy" referrerpolicy="strict-origin-when-cross-origin" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups" allow="encrypted-media; picture-in-picture; fullscreen" allowfullscreen></iframe>`;
}
