/** Longest slug base; a suffix (`-2`, `-a1b2c3`) may follow it. */
const MAX_SLUG_BASE = 60;

/**
 * The address part made of a name, for member and company pages: `Legeklinikk Ås AS` ->
 * `legeklinikk-as-as`. Norwegian letters are spelt out (æ -> ae, ø -> o, å -> a), other accents
 * dropped; `fallback` when nothing is left.
 */
export function slugify(name: string, fallback: string): string {
  const base = name
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/å/g, 'a')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_BASE)
    .replace(/-+$/g, '');
  return base || fallback;
}
