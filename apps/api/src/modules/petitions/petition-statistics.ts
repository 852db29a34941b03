import {
  type Locale,
  PETITION_STATS_MIN_GROUP,
  type PetitionStatGroup,
  type PetitionStatistics,
  SIGNER_PROFESSIONS,
  translate,
} from '@legenett/contracts';

/** The grouped counts as the repository reads them (`PetitionsRepository.statistics`). */
export interface RawPetitionStatistics {
  byProfession: { key: string; count: number }[];
  bySpecialty: { id: number | null; name: string | null; count: number }[];
  byCounty: { id: number | null; name: string | null; count: number }[];
  daily: { day: string; count: number }[];
}

/** The key of the group that holds every group under 5: it names none of them. */
export const OTHER_GROUP_KEY = 'other_small';

/**
 * Groups of 5 or more by name, largest first; every group under 5 folded into one unnamed
 * "other (fewer than 5 each)", whose count shows only when the folded total is 5 or more. A group
 * under 5 is never named, so a new specialty or county appearing after someone signed tells nothing
 * (docs/petitions.md "Statistics and privacy").
 */
export function foldSmallGroups(groups: readonly PetitionStatGroup[], locale: Locale): PetitionStatGroup[] {
  const shown = groups.filter((g) => g.count !== null && g.count >= PETITION_STATS_MIN_GROUP);
  const small = groups.filter((g) => g.count === null || g.count < PETITION_STATS_MIN_GROUP);
  const folded = small.reduce((n, g) => n + (g.count ?? 0), 0);
  const out = [...shown];
  if (small.length > 0) {
    out.push({
      key: OTHER_GROUP_KEY,
      name: translate(locale, 'petitions.stats_other_small'),
      count: folded >= PETITION_STATS_MIN_GROUP ? folded : null,
    });
  }
  return out;
}

const bySize = (locale: Locale) => (a: PetitionStatGroup, b: PetitionStatGroup) =>
  (b.count ?? 0) - (a.count ?? 0) || a.name.localeCompare(b.name, locale);

/** The one place the statistics are shaped for the wire (the page, the PDF, the press release). */
export function presentStatistics(raw: RawPetitionStatistics, locale: Locale): PetitionStatistics {
  const byProfession = new Map(raw.byProfession.map((g) => [g.key, g.count]));
  const place = (none: 'petitions.no_specialty' | 'petitions.no_county') => (g: { id: number | null; name: string | null; count: number }) => ({
    key: String(g.id ?? 'none'),
    name: g.id === null ? translate(locale, none) : (g.name ?? ''),
    count: g.count,
  });
  return {
    by_profession: foldSmallGroups(
      SIGNER_PROFESSIONS.filter((p) => byProfession.has(p)).map((p) => ({
        key: p,
        name: translate(locale, `petitions.professions.${p}`),
        count: byProfession.get(p) ?? 0,
      })),
      locale,
    ),
    by_specialty: foldSmallGroups(raw.bySpecialty.map(place('petitions.no_specialty')).sort(bySize(locale)), locale),
    by_county: foldSmallGroups(raw.byCounty.map(place('petitions.no_county')).sort(bySize(locale)), locale),
    daily: raw.daily,
  };
}

/** Anonymous signers the statistics take at once, at the least (docs/petitions.md, "Statistics and privacy"). */
export const ANONYMOUS_STATS_BATCH = PETITION_STATS_MIN_GROUP;

/** An anonymous log entry the statistics do not hold yet, in log order. */
export interface PendingAnonymousEntry {
  leaf_index: number;
  action: 'sign' | 'withdraw';
  /** The entry's signer hash: a signature and its withdrawal share it, another signature never does. */
  signer: string;
}

/**
 * How far (a leaf index, exclusive) the statistics may take a petition's pending anonymous entries:
 * the end of the longest prefix that holds at least ANONYMOUS_STATS_BATCH signatures not withdrawn
 * within it, or null (not yet). Those signatures are of as many different accounts (an account signs
 * again only after withdrawing), so any difference between two snapshots holds five anonymous signers
 * at once. A signature withdrawn within the prefix cancels out and does not count; a withdrawal of a
 * signature counted earlier goes along with the batch and does not count either.
 */
export function anonymousReleaseUpTo(pending: readonly PendingAnonymousEntry[]): number | null {
  const open = new Set<string>();
  let upTo: number | null = null;
  for (const entry of pending) {
    if (entry.action === 'sign') open.add(entry.signer);
    else open.delete(entry.signer);
    if (open.size >= ANONYMOUS_STATS_BATCH) upTo = entry.leaf_index + 1;
  }
  return upTo;
}
