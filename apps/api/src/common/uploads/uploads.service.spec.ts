import { NATIONAL_ID_ACCOUNT_MESSAGE, NATIONAL_ID_MESSAGE } from '@legenett/contracts';
import { AppError } from '../errors/app-error';
import { type Storage } from '../storage/storage';
import { makePdf } from '../../../test/make-pdf';
import { stopPdfTextReader } from './pdf-text';
import { fileNameGuard, UploadsService } from './uploads.service';

afterAll(() => stopPdfTextReader());

// The patient-data guard on the names of uploaded documents (issue 38, docs/patient-data-guard.md).
describe('the file name of a PDF', () => {
  it.each([
    ['Epikrise 150384 10099.pdf', NATIONAL_ID_MESSAGE],
    ['15.03.84-10099.pdf', NATIONAL_ID_MESSAGE],
    ['15038410099.pdf', NATIONAL_ID_ACCOUNT_MESSAGE],
    // UTF-8 bytes of a non-breaking space as multer gives them (read as Latin-1).
    [Buffer.from('notat 150384\u00a010099.pdf', 'utf8').toString('latin1'), NATIONAL_ID_MESSAGE],
  ])('%s is refused', (name, key) => {
    expect(fileNameGuard(name)).toBe(key);
  });

  it.each(['retningslinjer.pdf', 'faktura 1234.56.78903.pdf', 'Blåbær 2026-11-29.pdf', ''])('%s passes', (name) => {
    expect(fileNameGuard(name)).toBeNull();
  });

  it('storePdf refuses the upload on its field before anything is stored', async () => {
    const put = jest.fn();
    const uploads = new UploadsService({ put } as unknown as Storage);
    const buffer = Buffer.from('%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1');
    const file = { buffer, size: buffer.length, originalname: 'pasient 150384 10099.pdf', mimetype: 'application/pdf' } as Express.Multer.File;
    const refused = await uploads.storePdf(file, 'docs', 'files[]').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).options).toMatchObject({ fields: { 'files[]': [NATIONAL_ID_MESSAGE] } });
    expect(put).not.toHaveBeenCalled();
    await uploads.storePdf({ ...file, originalname: 'retningslinjer.pdf' }, 'docs', 'files[]');
    expect(put).toHaveBeenCalledTimes(1);
  });
});

describe('the text of a PDF', () => {
  const upload = (buffer: Buffer, originalname = 'notat.pdf') =>
    ({ buffer, size: buffer.length, originalname, mimetype: 'application/pdf' }) as Express.Multer.File;

  it('refuses a PDF whose text layer holds a number, on the field, with the same message', async () => {
    const put = jest.fn();
    const uploads = new UploadsService({ put } as unknown as Storage);
    const pdf = await makePdf(['Henvisning', 'Gjelder pasient 15.03.84 10099, innlagt i går.']);
    const refused = await uploads.storePdf(upload(pdf), 'docs', 'pdf_files[]').catch((e: unknown) => e);
    expect((refused as AppError).options).toMatchObject({ fields: { 'pdf_files[]': [NATIONAL_ID_MESSAGE] } });
    expect(put).not.toHaveBeenCalled();
  });

  it('stores a PDF without a number, and one without a text layer (a scan)', async () => {
    const put = jest.fn();
    const uploads = new UploadsService({ put } as unknown as Storage);
    await uploads.storePdf(upload(await makePdf(['Retningslinjer, kontonummer 1234.56.78903'])), 'docs');
    await uploads.storePdf(upload(await makePdf([''])), 'docs');
    expect(put).toHaveBeenCalledTimes(2);
  });
});
