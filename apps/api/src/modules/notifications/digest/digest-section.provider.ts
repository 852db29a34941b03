import { type FactoryProvider, type Type } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config';
import { contentsByReader, type DigestItem, type DigestReader, type DigestSection, DigestSections, digestText } from './digest-sections';
import { type DigestSectionReader } from './digest-sql';

/** What a module's repository answers for its batch-form section: its rows per reader (`digestRowsByReader`). */
export interface DigestRowsSource<T> {
  digestMany(readers: readonly DigestSectionReader[]): Promise<Map<number, T[]>>;
}

/** A batch-form section: its key (also its heading's, `notifications_ui.digest.<key>`), its place and a line per row. */
export interface RowsDigestSection<T> {
  key: string;
  order: number;
  item: (reader: DigestReader, row: T, site: string) => DigestItem;
}

/**
 * The provider of a module's digest section in the batch form, for the module's `providers`: at
 * start it registers the section with `DigestSections`, asking the module's repository (`source`,
 * a provider of the same module) for the rows of a whole send batch in one statement. A section that
 * needs more (both forms, its own rules) registers itself in `onModuleInit`, as alerts does.
 */
export function digestSection<T>(source: Type<DigestRowsSource<T>>, section: RowsDigestSection<T>): FactoryProvider<DigestSection> {
  return {
    provide: `digest-section:${section.key}`,
    inject: [DigestSections, source, APP_CONFIG],
    useFactory: (sections: DigestSections, rows: DigestRowsSource<T>, config: AppConfig): DigestSection => {
      const registered: DigestSection = {
        key: section.key,
        order: section.order,
        collectMany: async (readers) =>
          contentsByReader(readers, await rows.digestMany(readers), (r) => digestText(r, section.key), (r, row) => section.item(r, row, config.publicUrl)),
      };
      sections.register(registered);
      return registered;
    },
  };
}
