import { type Locale } from '@legenett/contracts';

type Stats<T> = { key: string; value: T };

/**
 * The grouped statistics of a petition, kept per process while its chain does not grow: every
 * signature and withdrawal lengthens the chain, so `(petition, chain length, locale)` names one
 * exact set of signatures and a cached answer can never be stale. Bounded, least recently used out.
 */
export class PetitionStatsCache<T> {
  private readonly entries = new Map<number, Stats<T>>();

  constructor(private readonly capacity = 500) {}

  private static key(chainLength: number, locale: Locale): string {
    return `${chainLength}:${locale}`;
  }

  async get(petitionId: number, chainLength: number, locale: Locale, compute: () => Promise<T>): Promise<T> {
    const key = PetitionStatsCache.key(chainLength, locale);
    const hit = this.entries.get(petitionId);
    if (hit && hit.key === key) {
      this.entries.delete(petitionId);
      this.entries.set(petitionId, hit);
      return hit.value;
    }
    const value = await compute();
    this.entries.delete(petitionId);
    this.entries.set(petitionId, { key, value });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}
