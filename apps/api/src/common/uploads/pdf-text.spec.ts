import { containsNationalId } from '@legenett/contracts';
import { makePdf } from '../../../test/make-pdf';
import { readPdfText, stopPdfTextReader } from './pdf-text';

afterAll(() => stopPdfTextReader());

describe('readPdfText (PDF.js in a worker)', () => {
  it('reads the text layer of each page', async () => {
    const pdf = await makePdf(['Epikrise', 'Pasient 150384 10099 ble innlagt.', 'Tredje side']);
    const pages = await readPdfText(pdf);
    expect(pages).toHaveLength(3);
    expect(pages?.[1]).toContain('150384 10099');
    expect(containsNationalId(pages?.join('\n') ?? '')).toBe(true);
  });

  it('gives null for a file PDF.js cannot read, and empty pages for a PDF without text', async () => {
    expect(await readPdfText(Buffer.from('%PDF-1.4\nnot really a pdf\n%%EOF\n'))).toBeNull();
    const blank = await makePdf(['']);
    expect(await readPdfText(blank)).toEqual(['']);
  });

  it('stops reading after the batch of pages where a number is, and finds one cut by a page break', async () => {
    const pages = Array.from({ length: 20 }, (_, i) => `Side ${i + 1}: ingen nummer her.`);
    pages[1] = 'Pasient 150384 10099 ble innlagt.';
    const read = await readPdfText(await makePdf(pages));
    // The first batch (four pages) holds it: the other sixteen are not read.
    expect(read).toHaveLength(4);
    expect(containsNationalId(read?.join('\n') ?? '')).toBe(true);
    const split = Array.from({ length: 8 }, () => 'Ingen nummer.');
    split[3] = 'Fødselsnummer: 150384';
    split[4] = '10099 (neste side)';
    const both = await readPdfText(await makePdf(split));
    expect(containsNationalId(both?.join('\n') ?? '')).toBe(true);
    expect(both).toHaveLength(8);
  });

  it('reads 20 pages in well under a second', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => `Linje ${i + 1}: retningslinjer for behandling, dose 2,5 mg kl. 08.00 og 20.00.`).join('\n');
    const pdf = await makePdf(Array.from({ length: 20 }, () => lines));
    await readPdfText(pdf); // the worker starts and loads PDF.js
    const started = performance.now();
    const pages = await readPdfText(pdf);
    const ms = performance.now() - started;
    expect(pages).toHaveLength(20);
    expect(containsNationalId(pages?.join('\n') ?? '')).toBe(false);
    expect(ms).toBeLessThan(1000);
    if (process.env.PDF_TEXT_TIMING) console.log(`20 pages: ${ms.toFixed(0)} ms`);
  });
});
