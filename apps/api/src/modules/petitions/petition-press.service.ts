import { Injectable } from '@nestjs/common';
import { type Locale, type PetitionDetail, type PressRelease, type PressReleaseInput, translate } from '@legenett/contracts';
import PDFDocument from 'pdfkit';
import { type Principal } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { FilesService } from '../../common/files/files.service';
import { MailService } from '../../common/mail';
import { UnitOfWork } from '../../database/unit-of-work';
import { PetitionsRepository } from './petitions.repository';

/** A press release as a small PDF (subject, text, contact), kept in memory: it is a page or two. */
function pressPdf(input: PressReleaseInput, locale: Locale): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 60, info: { Title: input.subject } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(18).font('Helvetica-Bold').text(input.subject);
    doc.moveDown().fontSize(11).font('Helvetica').text(input.body);
    if (input.contact) doc.moveDown().font('Helvetica-Oblique').text(translate(locale, 'petitions.pdf.contact', { contact: input.contact }));
    doc.end();
  });
}

/**
 * Press releases: a preview built from the petition (title, summary, count and statistics,
 * initiator, chosen co-authors, contact) that the authors may read and the initiator edits and
 * sends through the mail outbox, as text with the PDF attached; each sending is recorded.
 */
@Injectable()
export class PetitionPressService {
  constructor(
    private readonly repository: PetitionsRepository,
    private readonly files: FilesService,
    private readonly mail: MailService,
    private readonly uow: UnitOfWork,
  ) {}

  /** The release the SPA starts from. */
  async preview(petition: PetitionDetail, locale: Locale): Promise<PressRelease> {
    const t = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) => translate(locale, key, vars);
    const owner = await this.repository.ownerContact(petition.initiator.id);
    const coAuthors = petition.co_authors.filter((a) => a.accepted);
    const stats = (label: Parameters<typeof translate>[1], groups: PetitionDetail['statistics']['by_profession']) => {
      const shown = groups.filter((g) => g.count !== null).map((g) => `${g.name}: ${g.count}`);
      return shown.length > 0 ? `${t(label)}: ${shown.join(', ')}.` : null;
    };
    const body = [
      t('petitions.press_default.intro', { count: petition.signatures_count, title: petition.title }),
      petition.recipient ? t('petitions.press_default.recipient', { recipient: petition.recipient }) : null,
      petition.summary,
      stats('petitions.by_profession', petition.statistics.by_profession),
      stats('petitions.by_specialty', petition.statistics.by_specialty),
      stats('petitions.by_county', petition.statistics.by_county),
      t('petitions.press_default.initiator', { name: petition.initiator.name }),
      coAuthors.length > 0 ? t('petitions.press_default.co_authors', { names: coAuthors.map((a) => (a.title ? `${a.name} (${a.title})` : a.name)).join(', ') }) : null,
    ]
      .filter((line): line is string => Boolean(line))
      .join('\n\n');
    const sent = await this.repository.pressReleases(petition.id);
    return {
      subject: t('petitions.press_default.subject', { title: petition.title }),
      body,
      contact: owner ? `${owner.name}, ${owner.email}` : '',
      co_author_ids: coAuthors.map((a) => a.id),
      sent: sent.map((s) => ({ id: s.id, subject: s.subject ?? '', recipients: s.recipients, sent_at: (s.sent_at ?? new Date(0)).toISOString() })),
    };
  }

  /** Sends to every address (one queued mail each, in one transaction with the record). */
  async send(me: Principal, petition: PetitionDetail, input: PressReleaseInput, locale: Locale): Promise<PressRelease> {
    if (petition.status === 'draft') throw new AppError('CONFLICT', { message: 'petitions.errors.not_published' });
    const known = new Set(petition.co_authors.filter((a) => a.accepted).map((a) => a.id));
    if (input.co_author_ids.some((id) => !known.has(id))) throw new AppError('VALIDATION', { fields: { co_author_ids: ['petitions.errors.unknown_co_author'] } });
    const pdf = await pressPdf(input, locale);
    const filename = `pressemelding-${petition.id}.pdf`;
    const upload = { buffer: pdf, size: pdf.length, originalname: filename, mimetype: 'application/pdf' } as Express.Multer.File;
    await this.files.storeFor([upload], { kind: 'petition_attachment', owner: me.userId, field: 'body' }, ([file]) =>
      this.uow.run(async (tx) => {
        await this.repository.insertPressRelease(petition.id, me.userId, input, file!.id, tx);
        for (const to of [...new Set(input.recipients.map((r) => r.toLowerCase()))]) {
          await this.mail.send(
            {
              to,
              template: 'petition_press_release',
              locale,
              vars: { subject: input.subject, body: input.contact ? `${input.body}\n\n${input.contact}` : input.body },
              attachments: [{ filename, storage_key: file!.storage_key, content_type: 'application/pdf' }],
            },
            tx,
          );
        }
      }),
    );
    return this.preview(petition, locale);
  }
}
