/** A catalogue section: Norwegian is the source; English must have exactly the same keys. */
export type Messages = { readonly [key: string]: string | Messages };

type SameKeys<T> = { readonly [K in keyof T]: T[K] extends string ? string : SameKeys<T[K]> };

// Pure: a bundle that does not use a section drops it (the web loads sections on their own).
/* @__NO_SIDE_EFFECTS__ */
export function defineMessages<const N extends Messages>(no: N, en: SameKeys<N>): { no: N; en: SameKeys<N> } {
  return { no, en };
}
