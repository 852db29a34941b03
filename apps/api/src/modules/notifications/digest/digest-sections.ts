import { Injectable } from '@nestjs/common';
import { type DigestFrequency, type Locale, translate } from '@legenett/contracts';

/** Whom a digest is for, and which period it covers. */
export interface DigestReader {
  userId: number;
  locale: Locale;
  /** The reader's county (`user_info.county_id`), for sections that match on it. */
  countyId: number | null;
  /** The period's start: the last digest's time, or one period back for the first one. */
  since: Date;
  frequency: Exclude<DigestFrequency, 'off'>;
}

/** One line of a section: a text in the reader's language, a link, and an optional small line under it. */
export interface DigestItem {
  text: string;
  url: string;
  meta?: string;
}

export interface DigestSectionContent {
  /** The section's heading, in the reader's language. */
  title: string;
  items: DigestItem[];
}

/** What a section answers for many readers at once: content by user id (a reader left out has nothing). */
export type DigestSectionContents = Map<number, DigestSectionContent | null>;

/**
 * A part of the digest a module contributes (docs/notifications.md, "Contribute to the digest").
 * Either form, or both:
 *
 * - `collectMany(readers)`: the batch form the digest run uses (a send job holds up to
 *   `DIGEST_SEND_BATCH_SIZE` readers): one set-based statement over all of them (`join lateral (...
 *   limit n)` per reader, on the index the per-reader query would use), answering content by user id.
 * - `collect(reader)`: what the module has for this one reader since `since` (a few items, by an
 *   indexed query), null when there is nothing. A section with only this form still works in the
 *   batch run: it is asked reader by reader (a few at a time), at a statement per reader.
 *
 * Sections appear in `order`; one that throws is left out of those digests (logged), never the digests.
 */
export type DigestSection = {
  key: string;
  order: number;
} & (
  | { collect(reader: DigestReader): Promise<DigestSectionContent | null>; collectMany?(readers: readonly DigestReader[]): Promise<DigestSectionContents> }
  | { collect?(reader: DigestReader): Promise<DigestSectionContent | null>; collectMany(readers: readonly DigestReader[]): Promise<DigestSectionContents> }
);

/** The registry of digest sections: modules call `register` in `onModuleInit`. */
@Injectable()
export class DigestSections {
  private readonly sections = new Map<string, DigestSection>();

  register(section: DigestSection): void {
    if (this.sections.has(section.key)) throw new Error(`Digest section "${section.key}" is registered twice`);
    this.sections.set(section.key, section);
  }

  all(): DigestSection[] {
    return [...this.sections.values()].sort((a, b) => a.order - b.order);
  }
}

/**
 * A section's content per reader from its rows per reader (the repository's `rowsByReader`): the
 * title and one item per row; a reader without rows gets no items, so the section is left out.
 */
export function contentsByReader<T>(
  readers: readonly DigestReader[],
  rows: Map<number, T[]>,
  title: (reader: DigestReader) => string,
  item: (reader: DigestReader, row: T) => DigestItem,
): DigestSectionContents {
  return new Map(readers.map((r) => [r.userId, { title: title(r), items: (rows.get(r.userId) ?? []).map((row) => item(r, row)) }]));
}

/** A text of the digest's own catalogue (`notifications_ui.digest.<key>`) in the reader's language. */
export const digestText = (reader: DigestReader, key: string, vars: Record<string, string | number> = {}): string =>
  translate(reader.locale, `notifications_ui.digest.${key}`, vars);

/** A date in a digest line, in the reader's language and Oslo time ("27. november 2026"). */
export const digestDate = (locale: Locale, value: string | Date): string =>
  new Intl.DateTimeFormat(locale === 'no' ? 'nb-NO' : 'en-GB', { timeZone: 'Europe/Oslo', day: 'numeric', month: 'long', year: 'numeric' }).format(
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value),
  );
