import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * The text layer of a PDF (the patient-data guard reads it, issue 38, docs/patient-data-guard.md), read
 * with PDF.js (pdfjs-dist, Mozilla) in a worker thread: an uploaded file is untrusted, so its parsing
 * stays off the event loop and is cut off after `timeoutMs`. PDF.js is an ES module, loaded by the
 * worker with `import()` (plain Node, also under the test runner). A scanned PDF has no text layer and
 * gives empty pages; a file PDF.js cannot read gives null (it is not checked: docs say so).
 */

/** The worker: one document at a time, its pages' text with items joined as they sit on the line. */
const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
let pdfjs;
function lineText(items) {
  let out = '';
  let prevEnd = null;
  for (const item of items) {
    if (typeof item.str !== 'string') continue;
    const x = item.transform ? item.transform[4] : 0;
    const size = item.transform ? Math.abs(item.transform[0]) || Math.abs(item.transform[3]) || 10 : 10;
    // Items of one line that touch are one word (a number may come in pieces); a gap is a space.
    if (prevEnd !== null && out !== '' && !out.endsWith('\n')) out += x - prevEnd > size * 0.15 ? ' ' : '';
    out += item.str;
    prevEnd = x + (item.width || 0);
    if (item.hasEOL) {
      out += '\n';
      prevEnd = null;
    }
  }
  return out;
}
// The guard itself (national-id.js of the contracts, without the rest of them): reading stops at the
// first batch of pages that holds a number, since the upload is refused whatever the rest says.
const { containsNationalId } = require(workerData.guardPath);
/** Pages read at a time: PDF.js interleaves their parsing, and a hit stops the reading after its batch. */
const BATCH = 4;
parentPort.on('message', async ({ id, data, maxPages }) => {
  try {
    pdfjs ??= await import(workerData.pdfjsUrl);
    // No eval, no font faces, no fetching (the whole file is in memory), no NFKC (the guard normalises).
    const task = pdfjs.getDocument({
      data,
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      disableAutoFetch: true,
      disableStream: true,
      disableRange: true,
      useWorkerFetch: false,
      verbosity: 0,
    });
    const doc = await task.promise;
    const pages = [];
    const n = Math.min(doc.numPages, maxPages);
    const read = async (i) => {
      const page = await doc.getPage(i);
      const content = await page.getTextContent({ disableNormalization: true });
      page.cleanup();
      return lineText(content.items);
    };
    for (let first = 1; first <= n; first += BATCH) {
      const batch = await Promise.all(Array.from({ length: Math.min(BATCH, n - first + 1) }, (_, k) => read(first + k)));
      // The end of the page before, so a number cut by a page break is seen too.
      const tail = pages.length > 0 ? pages[pages.length - 1].slice(-64) : '';
      pages.push(...batch);
      if (containsNationalId(tail + '\n' + batch.join('\n'))) break;
    }
    const numPages = doc.numPages;
    await task.destroy();
    parentPort.postMessage({ id, ok: true, pages, numPages });
  } catch (err) {
    parentPort.postMessage({ id, ok: false, error: String((err && err.message) || err) });
  }
});
`;

interface Reply {
  id: number;
  ok: boolean;
  pages?: string[];
  error?: string;
}

/** At most this many pages are read (the upload size limit keeps documents small anyway). */
export const PDF_TEXT_MAX_PAGES = 500;
export const PDF_TEXT_TIMEOUT_MS = 10_000;

let worker: Worker | null = null;
let seq = 0;
const pending = new Map<number, { resolve: (pages: string[] | null) => void; timer: NodeJS.Timeout }>();

function pdfjsUrl(): string {
  const pkg = require.resolve('pdfjs-dist/package.json');
  return pathToFileURL(path.join(path.dirname(pkg), 'legacy/build/pdf.mjs')).href;
}

/**
 * The guard's own module, built (CommonJS, no dependencies): the worker checks pages as it reads them.
 * Found from the package's root, since a test runner may resolve the package to its sources.
 */
function guardPath(): string {
  let dir = path.dirname(require.resolve('@legenett/contracts'));
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return path.join(dir, 'dist', 'national-id.js');
}

function getWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { pdfjsUrl: pdfjsUrl(), guardPath: guardPath() },
    // A larger young generation: PDF.js makes many short-lived objects per page (fewer scavenges).
    resourceLimits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64 },
  });
  w.on('message', (reply: Reply) => {
    const job = pending.get(reply.id);
    if (!job) return;
    pending.delete(reply.id);
    clearTimeout(job.timer);
    job.resolve(reply.ok ? (reply.pages ?? []) : null);
    if (pending.size === 0) w.unref();
  });
  const fail = () => {
    if (worker === w) worker = null;
    for (const [id, job] of pending) {
      clearTimeout(job.timer);
      job.resolve(null);
      pending.delete(id);
    }
  };
  w.on('error', fail);
  w.on('exit', fail);
  w.unref();
  worker = w;
  return w;
}

/**
 * The text of each page of the PDF, or null when it cannot be read in time. Reading stops after the
 * batch of pages where the guard first finds a number: the pages given then end there.
 */
export function readPdfText(buffer: Buffer, timeoutMs = PDF_TEXT_TIMEOUT_MS): Promise<string[] | null> {
  const w = getWorker();
  const id = ++seq;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      resolve(null);
      // A document that takes this long holds the worker: start afresh.
      if (worker === w) worker = null;
      void w.terminate();
    }, timeoutMs);
    timer.unref();
    pending.set(id, { resolve, timer });
    w.ref();
    // A copy: PDF.js takes the bytes it is given.
    w.postMessage({ id, data: new Uint8Array(buffer), maxPages: PDF_TEXT_MAX_PAGES });
  });
}

/** Ends the worker (tests, shutdown). */
export async function stopPdfTextReader(): Promise<void> {
  const w = worker;
  worker = null;
  if (w) await w.terminate();
}
