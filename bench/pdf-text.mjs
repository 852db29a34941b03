#!/usr/bin/env node
// The patient-data guard's cost on an attached PDF (issue 38, docs/performance/national-id-guard.md):
// a 20-page PDF made with pdfkit (40 lines of text a page, ~3 000 characters a page, no number), read
// by the API's reader (apps/api/dist/common/uploads/pdf-text.js: PDF.js in a worker thread) and then
// checked by the guard, RUNS times after WARM unmeasured runs (the worker's start, PDF.js loading).
// Prints the median, p95, min and max, and the load average before and after. Needs `npx turbo run build`.
//   node bench/pdf-text.mjs            # RUNS=30 WARM=3 PAGES=20
//   HIT=2 node bench/pdf-text.mjs      # a number on page 2: the refusal's cost
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'apps/api/package.json'));
const PDFDocument = require('pdfkit');
const { readPdfText, stopPdfTextReader } = require(path.join(root, 'apps/api/dist/common/uploads/pdf-text.js'));
const { nationalIdMessage } = require('@legenett/contracts');

const RUNS = Number(process.env.RUNS ?? 30);
const WARM = Number(process.env.WARM ?? 3);
const PAGES = Number(process.env.PAGES ?? 20);
/** HIT=n: page n (1-based) holds a number, so the upload is refused (the reader stops after its batch). */
const HIT = Number(process.env.HIT ?? 0);

function makePdf(pages) {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false });
    const chunks = [];
    doc.on('data', (c) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const text of pages) {
      doc.addPage();
      doc.fontSize(11).text(text);
    }
    doc.end();
  });
}

const lines = Array.from({ length: 40 }, (_, i) => `Linje ${i + 1}: retningslinjer for behandling, dose 2,5 mg kl. 08.00 og 20.00.`).join('\n');
const pdf = await makePdf(Array.from({ length: PAGES }, (_, i) => (i + 1 === HIT ? `${lines}\nPasient 150384 10099.` : lines)));
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
const loadBefore = load();

const once = async () => {
  const started = performance.now();
  const pages = await readPdfText(pdf);
  if (!pages || (!HIT && pages.length !== PAGES)) throw new Error(`read ${pages?.length ?? 'nothing'} pages`);
  if ((nationalIdMessage(pages.join('\n')) !== null) !== Boolean(HIT)) throw new Error(HIT ? 'the number not found' : 'a number where there is none');
  return performance.now() - started;
};
for (let i = 0; i < WARM; i++) await once();
const times = [];
for (let i = 0; i < RUNS; i++) times.push(await once());
await stopPdfTextReader();
times.sort((a, b) => a - b);
const q = (p) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)];
console.log(
  `${PAGES} pages${HIT ? ` (a number on page ${HIT})` : ''}, ${(pdf.length / 1024).toFixed(0)} KiB, ${RUNS} runs: median ${q(0.5).toFixed(0)} ms, p95 ${q(0.95).toFixed(0)} ms, min ${times[0].toFixed(0)} ms, max ${times.at(-1).toFixed(0)} ms (load average ${loadBefore} before, ${load()} after; ${os.cpus().length} cores)`,
);
