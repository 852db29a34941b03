import { type CourseType, type Locale, type MessageKey, translate } from '@legenett/contracts';
import PDFDocument from 'pdfkit';
import { toBuffer } from 'qrcode';

const TAGS: Record<Locale, string> = { no: 'nb-NO', en: 'en-GB' };

export const osloDate = (d: Date | string, locale: Locale): string =>
  new Intl.DateTimeFormat(TAGS[locale], { dateStyle: 'long', timeZone: 'Europe/Oslo' }).format(new Date(d));

const osloDateTime = (d: Date, locale: Locale): string =>
  new Intl.DateTimeFormat(TAGS[locale], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Oslo',
  }).format(d);

const hoursText = (n: number, locale: Locale) =>
  new Intl.NumberFormat(TAGS[locale], { maximumFractionDigits: 1 }).format(n);

/** Collects a finished pdfkit document into one buffer (a certificate is one page: no streaming needed). */
function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

export interface CertificateContent {
  code: string;
  holder_name: string;
  hpr_number: string | null;
  profession: string | null;
  course_title: string;
  course_type: CourseType;
  course_start_at: Date;
  duration_minutes: number;
  credit_hours: number | null;
  credit_approved_by: string | null;
  organiser: string;
  minutes_watched: number;
  created_at: Date;
}

/** The certificate of attendance: who, what, when, how long, credit hours, organiser, code and a QR code of the verification page. */
export async function certificatePdf(
  c: CertificateContent,
  verifyUrl: string,
  locale: Locale,
): Promise<Buffer> {
  const t = (key: MessageKey, vars?: Record<string, string | number>) => translate(locale, key, vars);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 60,
    info: { Title: `${t('course_records.certificate.title')} – ${c.course_title}` },
  });
  const width = doc.page.width - 120;
  doc
    .fontSize(26)
    .font('Helvetica-Bold')
    .text(t('course_records.certificate.title'), { width, align: 'center' });
  doc
    .moveDown(1.5)
    .fontSize(12)
    .font('Helvetica')
    .text(t('course_records.certificate.intro'), { width, align: 'center' });
  doc.moveDown(0.5).fontSize(20).font('Helvetica-Bold').text(c.holder_name, { width, align: 'center' });
  doc.fontSize(11).font('Helvetica');
  const who = [
    c.hpr_number ? t('course_records.certificate.hpr', { number: c.hpr_number }) : null,
    c.profession
      ? t('course_records.certificate.profession', {
          profession: t(`admin.hpr.professions.${c.profession}` as MessageKey),
        })
      : null,
  ].filter((x): x is string => x !== null);
  if (who.length > 0) doc.moveDown(0.3).text(who.join('   '), { width, align: 'center' });
  doc.moveDown(1).fontSize(12).text(t('course_records.certificate.attended'), { width, align: 'center' });
  doc.moveDown(0.5).fontSize(16).font('Helvetica-Bold').text(c.course_title, { width, align: 'center' });
  doc.moveDown(1.5).fontSize(11).font('Helvetica');
  const lines = [
    t('course_records.certificate.type', { type: t(`courses.type.${c.course_type}`) }),
    t('course_records.certificate.date', { date: osloDateTime(c.course_start_at, locale) }),
    t('course_records.certificate.duration', {
      duration: t(`courses.duration.${c.duration_minutes}` as MessageKey),
    }),
    t('course_records.certificate.watched', { minutes: c.minutes_watched }),
    c.credit_hours !== null
      ? t('course_records.certificate.credit_hours', { hours: hoursText(c.credit_hours, locale) })
      : null,
    c.credit_approved_by ? t('course_records.certificate.approved_by', { body: c.credit_approved_by }) : null,
    t('course_records.certificate.organiser', { organiser: c.organiser }),
  ].filter((x): x is string => x !== null);
  for (const line of lines) doc.text(line, { width });

  const qr = await toBuffer(verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 240 });
  const y = doc.page.height - 60 - 150;
  doc.image(qr, 60, y, { width: 120, height: 120 });
  doc
    .fontSize(11)
    .font('Helvetica-Bold')
    .text(t('course_records.certificate.code', { code: c.code }), 200, y + 10, { width: width - 140 });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(t('course_records.certificate.verify_at', { url: verifyUrl }), 200, doc.y + 4, {
      width: width - 140,
      link: verifyUrl,
    });
  doc.text(t('course_records.certificate.issued', { date: osloDate(c.created_at, locale) }), 200, doc.y + 4, {
    width: width - 140,
  });
  return collect(doc);
}

export interface AttestationContent {
  holder_name: string;
  course_title: string;
  organiser: string;
  meetings: { held_on: string; topic: string; hours: number }[];
}

/** A small group member's attestation: their meetings (date, topic, hours) and the total. */
export async function attestationPdf(a: AttestationContent, locale: Locale): Promise<Buffer> {
  const t = (key: MessageKey, vars?: Record<string, string | number>) => translate(locale, key, vars);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 60,
    info: { Title: `${t('course_records.attestation.title')} – ${a.course_title}` },
  });
  const width = doc.page.width - 120;
  doc.fontSize(22).font('Helvetica-Bold').text(t('course_records.attestation.title'), { width });
  doc
    .moveDown(1)
    .fontSize(12)
    .font('Helvetica')
    .text(t('course_records.attestation.intro', { name: a.holder_name }), { width });
  doc.moveDown(0.3).fontSize(14).font('Helvetica-Bold').text(a.course_title, { width });
  doc
    .moveDown(0.3)
    .fontSize(11)
    .font('Helvetica')
    .text(t('course_records.attestation.organiser', { organiser: a.organiser }), { width });
  doc.moveDown(1);
  const cols = [0, 110, width - 60];
  const row = (cells: string[], bold = false) => {
    if (doc.y > doc.page.height - 90) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    cells.forEach((cell, i) =>
      doc.text(cell, 60 + cols[i]!, y, { width: (cols[i + 1] ?? width) - cols[i]! - 8 }),
    );
    doc.x = 60;
    doc.y = Math.max(doc.y, y + 14) + 2;
  };
  row(
    [
      t('course_records.attestation.date'),
      t('course_records.attestation.topic'),
      t('course_records.attestation.hours'),
    ],
    true,
  );
  let total = 0;
  for (const m of a.meetings) {
    total += m.hours;
    row([osloDate(`${m.held_on}T12:00:00Z`, locale), m.topic, hoursText(m.hours, locale)]);
  }
  doc
    .moveDown(1)
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(
      t('course_records.attestation.total', { count: a.meetings.length, hours: hoursText(total, locale) }),
      60,
      doc.y,
      { width },
    );
  doc
    .moveDown(1)
    .font('Helvetica')
    .fontSize(9)
    .text(t('course_records.attestation.issued', { date: osloDate(new Date(), locale) }), { width });
  return collect(doc);
}
