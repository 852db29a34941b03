/**
 * An embed code reduced to what the page needs: one `<iframe>` from an allowed video host, with its
 * `src` only. Everything else the organiser pasted (scripts, styles, other attributes, other tags)
 * is dropped. Answers null when there is no such iframe (the API then refuses the field with 422).
 */
export function sanitiseEmbedCode(input: string, allowedHosts: readonly string[]): string | null {
  const iframe = /<iframe\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>/i.exec(input);
  if (!iframe) return null;
  const raw = (iframe[1] ?? iframe[2] ?? iframe[3] ?? '').replace(/&amp;/g, '&').trim();
  if (!URL.canParse(raw)) return null;
  const url = new URL(raw);
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  const host = url.hostname.toLowerCase();
  if (!allowedHosts.some((h) => host === h || host.endsWith(`.${h}`))) return null;
  const src = url.toString().replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<iframe src="${src}" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`;
}
