import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { Injectable, Logger } from '@nestjs/common';
import { type Locale, type PetitionDetail, type PetitionExportFormat, translate } from '@legenett/contracts';
import PDFDocument from 'pdfkit';
import { csvStream } from '../../common/csv/csv';
import { PetitionsRepository } from './petitions.repository';

const TAGS: Record<Locale, string> = { no: 'nb-NO', en: 'en-GB' };

/** Resolves when a writable has room again, or once it is gone (a client that hung up). */
const drained = (stream: NodeJS.EventEmitter) =>
  new Promise<void>((ok) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      ok();
    };
    stream.once('drain', done);
    stream.once('close', done);
  });

export interface ExportRow {
  name: string;
  profession: string;
  specialty: string;
  county: string;
  date: string;
}

export const EXPORT_TYPES: Record<PetitionExportFormat, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * The signature list as a file, streamed: rows are read in keyset batches (BATCH at a time) and
 * written to the stream as they come, so 100 000 signatures never sit in memory at once
 * (docs/performance/petitions.md has the measured time and memory).
 */
@Injectable()
export class PetitionExportService {
  private readonly logger = new Logger('PetitionExport');

  constructor(private readonly repository: PetitionsRepository) {}

  /** The signatures as display rows, batch by batch. */
  async *rows(petitionId: number, locale: Locale): AsyncGenerator<ExportRow[]> {
    const day = new Intl.DateTimeFormat(TAGS[locale], { dateStyle: 'short', timeZone: 'Europe/Oslo' });
    let after = 0;
    for (;;) {
      const batch = await this.repository.exportBatch(petitionId, after, locale);
      if (batch.length === 0) return;
      after = batch[batch.length - 1]!.id;
      yield batch.map((r) => ({
        // An anonymous signer is anonymous in the export too: counted, named by profession only.
        name: r.name ?? translate(locale, `petitions.anonymous_signer.${r.profession}`),
        profession: translate(locale, `petitions.professions.${r.profession}`),
        specialty: r.specialty ?? '',
        county: r.county ?? '',
        date: day.format(r.signed_at),
      }));
    }
  }

  private headers(locale: Locale): string[] {
    return (['name', 'profession', 'specialty', 'county', 'date'] as const).map((k) => translate(locale, `petitions.pdf.${k}`));
  }

  /** A readable stream of the file; errors while streaming end the stream (the status is already sent). */
  stream(format: PetitionExportFormat, petition: PetitionDetail, locale: Locale): Readable {
    const fail = (out: PassThrough | Readable) => (err: unknown) => {
      this.logger.error(`Export of petition ${petition.id} failed: ${err instanceof Error ? err.message : String(err)}`);
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    };
    if (format === 'csv') {
      // Cells neutralised against formula injection, semicolons for Norwegian readers, a byte-order
      // mark (common/csv).
      const csv = csvStream(this.headers(locale), locale);
      void (async () => {
        for await (const batch of this.rows(petition.id, locale)) {
          for (const r of batch) {
            if (!csv.write([r.name, r.profession, r.specialty, r.county, r.date])) await drained(csv);
          }
          if (csv.destroyed) return;
        }
        csv.end();
      })().catch(fail(csv));
      return csv;
    }
    if (format === 'xlsx') {
      const out = new PassThrough();
      void (async () => {
        // Loaded with the first export, not at the API's start (~0.25 s of its module loading).
        const { default: ExcelJS } = await import('exceljs');
        const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
        const sheet = workbook.addWorksheet(translate(locale, 'petitions.pdf.signatures'));
        sheet.columns = this.headers(locale).map((header, i) => ({ header, key: String(i), width: [32, 14, 28, 22, 12][i] }));
        for await (const batch of this.rows(petition.id, locale)) {
          for (const r of batch) sheet.addRow([r.name, r.profession, r.specialty, r.county, r.date]).commit();
          // Let the zip writer drain before the next batch.
          if (out.writableNeedDrain) await drained(out);
          if (out.destroyed) return;
        }
        sheet.commit();
        await workbook.commit();
      })().catch(fail(out));
      return out;
    }
    return this.pdf(petition, locale, fail);
  }

  /** The petition's text and statistics on the first page, then the list, page after page. */
  private pdf(petition: PetitionDetail, locale: Locale, fail: (out: Readable) => (err: unknown) => void): Readable {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: petition.title } });
    const t = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) => translate(locale, key, vars);
    const width = doc.page.width - 100;
    doc.fontSize(18).font('Helvetica-Bold').text(petition.title, { width });
    doc.moveDown(0.5).fontSize(10).font('Helvetica');
    if (petition.recipient) doc.text(`${t('petitions.recipient')}: ${petition.recipient}`);
    doc.text(t('petitions.pdf.initiator', { name: petition.initiator.name }));
    doc.text(t('petitions.pdf.count', { count: petition.signatures_count }));
    doc.text(t('petitions.pdf.exported', { date: new Intl.DateTimeFormat(TAGS[locale], { dateStyle: 'long', timeZone: 'Europe/Oslo' }).format(new Date()) }));
    doc.moveDown().fontSize(11).font('Helvetica-Bold').text(petition.summary, { width });
    doc.moveDown(0.5).font('Helvetica').fontSize(10).text(petition.full_text, { width });
    doc.moveDown().fontSize(13).font('Helvetica-Bold').text(t('petitions.pdf.statistics'));
    doc.fontSize(10).font('Helvetica');
    const groups: [Parameters<typeof translate>[1], PetitionDetail['statistics']['by_profession']][] = [
      ['petitions.by_profession', petition.statistics.by_profession],
      ['petitions.by_specialty', petition.statistics.by_specialty],
      ['petitions.by_county', petition.statistics.by_county],
    ];
    for (const [label, list] of groups) {
      doc.moveDown(0.3).font('Helvetica-Bold').text(t(label)).font('Helvetica');
      for (const g of list) doc.text(`${g.name}: ${g.count === null ? t('petitions.fewer_than_5') : g.count}`);
    }

    const cols = [0, 170, 245, 370, 455];
    const header = this.headers(locale);
    const line = (cells: string[], bold = false) => {
      if (doc.y > doc.page.height - 70) doc.addPage();
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
      cells.forEach((c, i) => doc.text(c, 50 + cols[i]!, y, { width: (cols[i + 1] ?? width) - cols[i]! - 6, lineBreak: false, ellipsis: true }));
      doc.x = 50;
      doc.y = y + 13;
    };
    doc.addPage().fontSize(13).font('Helvetica-Bold').text(t('petitions.pdf.signatures'));
    doc.moveDown(0.5).fontSize(9);
    line(header, true);
    void (async () => {
      for await (const batch of this.rows(petition.id, locale)) {
        for (const r of batch) line([r.name, r.profession, r.specialty, r.county, r.date]);
        // pdfkit pushes as it writes; wait for the reader (its start, each chunk it takes, or the end) before the next batch.
        while (doc.readableLength > 1 << 20 && !doc.destroyed) await Promise.race([once(doc, doc.readableFlowing === null ? 'resume' : 'data'), once(doc, 'close')]);
        if (doc.destroyed) return;
      }
      doc.end();
    })().catch(fail(doc));
    return doc;
  }
}
