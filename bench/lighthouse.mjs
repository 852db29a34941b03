#!/usr/bin/env node
// Lighthouse itself (its default mobile simulation) on `/` and on `/feed` as the demo doctor, N runs
// per route, each in a fresh Chromium with an empty cache: performance and accessibility scores, FCP,
// LCP (and its element), TBT, CLS, Speed Index, the failing accessibility audits, and the medians.
//
//   npm i --prefix /some/dir lighthouse@13.5.0        # once, outside the repository (not a dependency)
//   PORT=3531 START_SKIP_BUILD=1 npm start            # a built app (see docs/performance/web.md)
//   LIGHTHOUSE=/some/dir/node_modules/.bin/lighthouse node bench/lighthouse.mjs \
//     --base http://127.0.0.1:3531 [--runs 3] [--route /feed] [--debug-port 9333] [--json out.json]
//     [--against http://127.0.0.1:3532]
//
// `--against` compares two builds side by side (say, main and a branch served by a second API over
// the same database): the runs alternate between the two, so a busy machine weighs on both alike,
// and each gets its own median. The exit code is the first base's verdict.
//
// `/feed` needs a login, and Lighthouse clears the site's storage before it loads a page: Chromium is
// started with a remote-debugging port, the doctor logs in through it (playwright-core: the
// `access_token` cookie and the `user` entry of localStorage, as the app keeps them), only the HTTP
// cache is cleared (`Network.clearBrowserCache`), and Lighthouse runs on that port with
// `--disable-storage-reset`. Needs playwright-core and Chromium (CHROMIUM=/path, default /usr/bin/chromium).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cliBase, cliFlag, cliOption, workspaceRequire } from './lib.mjs';

const require = workspaceRequire;
const { chromium } = require('playwright-core');

const opt = cliOption;
const base = cliBase();
const against = opt('--against', null);
const bases = [base, ...(against ? [against] : [])];
const runs = Number(opt('--runs', 3));
const onlyRoute = opt('--route', null);
const debugPort = Number(opt('--debug-port', 9333));
const jsonOut = opt('--json', null);
const keepReport = cliFlag('--keep-report');
const lighthouse = process.env.LIGHTHOUSE ?? 'lighthouse';
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];

const ROUTES = [
  { path: '/', login: null },
  { path: '/feed', login: { email: 'lege@demo.no', password: 'Demo!2026' } },
].filter((r) => !onlyRoute || r.path === onlyRoute);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A fresh Chromium (own profile) listening for DevTools on `debugPort`; resolves once it answers. */
/** Stops the Chromium started by startChromium and every process of its group. */
async function stopChromium(child) {
  const exited = new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r()));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  await exited;
  await sleep(300);
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // the whole group has gone
  }
}

async function startChromium() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lh-profile-'));
  const child = spawn(chromiumPath, [...CHROME_FLAGS, `--remote-debugging-port=${debugPort}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: 'ignore',
    // Its own process group: Chromium's helper processes (zygote, renderers) stop with it.
    detached: true,
  });
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${debugPort}/json/version`);
      if (res.ok) return { child, profile };
    } catch {
          // not listening yet (a busy machine takes seconds)
    }
    await sleep(100);
  }
  stopChromium(child);
  throw new Error(`Chromium did not open port ${debugPort}`);
}

/** Logs the route's user in inside that Chromium (cookie + localStorage, as the app does), then empties the HTTP cache. */
async function prepare(login, site) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`);
  try {
    const ctx = browser.contexts()[0];
    const page = await ctx.newPage();
    if (login) {
      const res = await ctx.request.post(`${site}/api/user/login`, { data: login });
      if (!res.ok()) throw new Error(`login ${login.email}: ${res.status()} ${await res.text()}`);
      const answer = await res.json();
      // Not httpOnly: the SPA reads its token from the cookie (else the first call answers 401 and it refreshes).
      await ctx.addCookies([{ name: 'access_token', value: answer.access_token, url: site, sameSite: 'Lax' }]);
      // localStorage belongs to the origin: set it from a page there (a path the SPA does not route).
      await page.goto(`${site}/favicon.svg`);
      await page.evaluate((user) => globalThis.localStorage.setItem('user', user), JSON.stringify(answer.user));
    }
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    // Disconnects; the browser keeps running for Lighthouse.
    await browser.close();
  }
}

function runLighthouse(url, keepStorage) {
  const out = path.join(os.tmpdir(), `lh-${process.pid}-${Date.now()}.json`);
  const lhArgs = [
    url,
    `--port=${debugPort}`,
    '--only-categories=performance,accessibility',
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
    ...(keepStorage ? ['--disable-storage-reset'] : []),
    // With --keep-report, the trace too (`<report>-0.trace.json`), for a look at the tasks.
    ...(keepReport ? ['--save-assets'] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(lighthouse, lhArgs, { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited ${code}`));
      const report = JSON.parse(fs.readFileSync(out, 'utf8'));
      // The last report of each route stays for a look (--keep-report).
      const kept = path.join(os.tmpdir(), `lighthouse${new URL(url).pathname.replace(/\//g, '_')}`);
      if (keepReport) {
        fs.renameSync(out, `${kept}.json`);
        for (const asset of fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith(path.basename(out, '.json') + '-0.')))
          fs.renameSync(path.join(os.tmpdir(), asset), `${kept}-0.${asset.split('-0.').pop()}`);
      } else fs.rmSync(out);
      resolve(report);
    });
  });
}

function summarise(report) {
  const a = report.audits;
  const num = (id) => a[id]?.numericValue ?? NaN;
  // Lighthouse 13 names the LCP element in its LCP breakdown insight (older versions in an audit of its own).
  const lcpItem =
    a['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'node') ??
    a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  return {
    performance: Math.round((report.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((report.categories.accessibility.score ?? 0) * 100),
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    si: num('speed-index'),
    lcpElement: lcpItem ? `${lcpItem.selector} "${(lcpItem.nodeLabel ?? '').slice(0, 60)}"` : '-',
    failedA11y: report.categories.accessibility.auditRefs
      .filter((r) => r.weight > 0 && a[r.id]?.score === 0)
      .map((r) => r.id),
    finalUrl: report.finalDisplayedUrl ?? report.finalUrl,
  };
}

/**
 * Lighthouse now and then fails a run of its own accord ("Something went wrong with recording the
 * trace", "The page did not paint any content" on a busy machine): such a run is tried again, twice at most.
 */
async function withRetry(run) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= 3) throw err;
      console.log(`         (Lighthouse failed: ${err.message}; trying again)`);
    }
  }
}

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const results = {};
console.log(`${bases.join(' vs ')}, ${runs} runs per route, Lighthouse default mobile simulation; load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const label = (site) => (against ? `${site === base ? 'A' : 'B'} ` : '');
console.log(`${against ? '  ' : ''}route     run  perf  a11y  FCP ms  LCP ms  TBT ms    CLS   SI ms  LCP element`);
for (const route of ROUTES) {
  const all = new Map(bases.map((site) => [site, []]));
  for (let i = 0; i < runs; i++) {
    for (const site of bases) {
      const { child, profile } = await startChromium();
      try {
        const s = summarise(await withRetry(async () => {
          await prepare(route.login, site);
          return runLighthouse(site + route.path, Boolean(route.login));
        }));
        if (new URL(s.finalUrl).pathname !== route.path) throw new Error(`${route.path} ended on ${s.finalUrl} (not logged in?)`);
        all.get(site).push(s);
        console.log(
          `${label(site)}${route.path.padEnd(8)} ${String(i + 1).padStart(4)} ${String(s.performance).padStart(5)} ${String(s.accessibility).padStart(5)} ${s.fcp.toFixed(0).padStart(7)} ${s.lcp.toFixed(0).padStart(7)} ${s.tbt.toFixed(0).padStart(7)} ${s.cls.toFixed(3).padStart(6)} ${s.si.toFixed(0).padStart(7)}  ${s.lcpElement}`,
        );
        if (s.failedA11y.length > 0) console.log(`         accessibility audits failed: ${s.failedA11y.join(', ')}`);
      } finally {
        await stopChromium(child);
        fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      }
    }
  }
  for (const site of bases) {
    const runsOf = all.get(site);
    const m = Object.fromEntries(['performance', 'accessibility', 'fcp', 'lcp', 'tbt', 'cls', 'si'].map((k) => [k, median(runsOf.map((x) => x[k]))]));
    if (site === base) results[route.path] = { runs: runsOf, median: m };
    else (results.against ??= {})[route.path] = { runs: runsOf, median: m };
    console.log(
      `${label(site)}${route.path.padEnd(8)} med. ${String(m.performance).padStart(5)} ${String(m.accessibility).padStart(5)} ${m.fcp.toFixed(0).padStart(7)} ${m.lcp.toFixed(0).padStart(7)} ${m.tbt.toFixed(0).padStart(7)} ${m.cls.toFixed(3).padStart(6)} ${m.si.toFixed(0).padStart(7)}`,
    );
  }
}
console.log(`load after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify(results, null, 2));
// The verdict a CI step can gate on: 1 when a route's median misses performance 90 or accessibility 100.
const missed = ROUTES.some((r) => results[r.path].median.performance < 90 || results[r.path].median.accessibility < 100);
process.exit(missed ? 1 : 0);
