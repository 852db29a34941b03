import { Injectable } from '@nestjs/common';
import { type DigestFrequency, type Locale } from '@legenett/contracts';

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

/**
 * A part of the digest a module contributes (docs/notifications.md, "Contribute to the digest"):
 * `collect` reads what the module has for this reader since `since` (a few items, by an indexed
 * query) and answers null when there is nothing. Sections appear in `order`; one that throws is
 * left out of that digest (logged), never the whole digest.
 */
export interface DigestSection {
  key: string;
  order: number;
  collect(reader: DigestReader): Promise<DigestSectionContent | null>;
}

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
