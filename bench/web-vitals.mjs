#!/usr/bin/env node
// First-load figures of the built SPA in Chromium under Lighthouse's mobile conditions, applied for real
// (network per --profile below, CPU 4x slower, a 412x823 phone at DPR 1.75), cache disabled, median of
// N runs per route:
// FCP, LCP, TBT (long tasks after FCP), CLS, the JS and CSS bytes sent (compressed), the number of
// scripts, and an estimate of Lighthouse's performance score from those metrics (Speed Index taken
// as LCP, which is never lower). With --a11y, axe-core's violations per route (unthrottled).
//
//   PORT=3531 START_SKIP_BUILD=1 npm start                    # a built app (see docs/performance/web.md)
//   node bench/web-vitals.mjs --base http://127.0.0.1:3531 [--runs 3] [--a11y] [--route /feed] [--profile simulate|devtools]
//
// `/feed` is measured as the demo doctor (lege@demo.no). Needs playwright-core and Chromium
// (CHROMIUM=/path, default /usr/bin/chromium).
import { cliBase, cliFlag, cliOption, workspaceRequire } from './lib.mjs';

const require = workspaceRequire;
const { chromium } = require('playwright-core');

const opt = cliOption;
const base = cliBase();
const runs = Number(opt('--runs', 3));
const onlyRoute = opt('--route', null);
const withA11y = cliFlag('--a11y');
const lang = opt('--lang', 'no');

const ROUTES = [
  { path: '/', login: null },
  { path: '/feed', login: { email: 'lege@demo.no', password: 'Demo!2026' } },
].filter((r) => !onlyRoute || r.path === onlyRoute);

/**
 * Lighthouse's mobile network, two ways. `simulate` (default): the figures Lighthouse's default
 * "simulate" method feeds its model (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), applied to
 * the browser, the closest this gets to its default score without Lighthouse. `devtools`: what its
 * "devtools" method applies (the same with 562.5 ms round trips and 90 % bandwidth), much harsher.
 */
const PROFILES = {
  simulate: { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
  devtools: {
    latency: 150 * 3.75,
    downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
    uploadThroughput: (750 * 1024 * 0.9) / 8,
  },
};
const profile = opt('--profile', 'simulate');
const THROTTLE = PROFILES[profile];
if (!THROTTLE) throw new Error(`--profile simulate|devtools`);
const CPU_SLOWDOWN = 4;
const DEVICE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
};

// Lighthouse 12 mobile scoring: log-normal curves (p10, median) and weights.
const CURVES = {
  fcp: { p10: 1800, median: 3000, weight: 0.1 },
  si: { p10: 3387, median: 5800, weight: 0.1 },
  lcp: { p10: 2500, median: 4000, weight: 0.25 },
  tbt: { p10: 200, median: 600, weight: 0.3 },
  cls: { p10: 0.1, median: 0.25, weight: 0.25 },
};
function erfc(x) {
  // Abramowitz-Stegun 7.1.26 (Lighthouse uses the same approximation).
  const sign = Math.sign(x);
  x = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * x);
  const y = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return 1 - sign * (1 - y * Math.exp(-x * x));
}
function logNormalScore({ p10, median }, value) {
  if (value <= 0) return 1;
  const standardized = (Math.log(value / median) * 0.8416212335729143) / -Math.log(p10 / median);
  const score = erfc(standardized) / 2;
  return Math.min(1, Math.max(0, score));
}
function estimateScore(m) {
  const values = { fcp: m.fcp, si: m.lcp, lcp: m.lcp, tbt: m.tbt, cls: m.cls };
  return Math.round(
    100 * Object.entries(CURVES).reduce((s, [k, c]) => s + c.weight * logNormalScore(c, values[k]), 0),
  );
}

/** Collects paint, LCP, long tasks and layout shifts from the first byte on. */
const OBSERVE = () => {
  const perf = { lcp: 0, longTasks: [], cls: 0 };
  globalThis.__perf = perf;
  new PerformanceObserver((l) =>
    l.getEntries().forEach((e) => (perf.lcp = e.renderTime || e.loadTime || e.startTime)),
  ).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) =>
    l.getEntries().forEach((e) => perf.longTasks.push([e.startTime, e.duration])),
  ).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) =>
    l.getEntries().forEach((e) => {
      if (!e.hadRecentInput) perf.cls += e.value;
    }),
  ).observe({ type: 'layout-shift', buffered: true });
};

async function loggedInState(browser, login) {
  if (!login) return undefined;
  const ctx = await browser.newContext();
  const res = await ctx.request.post(`${base}/api/user/login`, { data: login });
  if (!res.ok()) throw new Error(`login ${login.email}: ${res.status()} ${await res.text()}`);
  const answer = await res.json();
  await ctx.close();
  const origin = new URL(base).origin;
  return {
    cookies: [
      {
        name: 'access_token',
        value: answer.access_token,
        domain: new URL(base).hostname,
        path: '/',
        expires: -1,
        // The SPA reads its token from this cookie: httpOnly made the first call answer 401 and refresh.
        httpOnly: false,
        secure: false,
        sameSite: 'Lax',
      },
    ],
    origins: [
      {
        origin,
        localStorage: [
          { name: 'user', value: JSON.stringify(answer.user) },
          { name: 'legenett-locale', value: lang },
        ],
      },
    ],
  };
}

async function measure(browser, route) {
  const storageState = (await loggedInState(browser, route.login)) ?? {
    cookies: [],
    origins: [{ origin: new URL(base).origin, localStorage: [{ name: 'legenett-locale', value: lang }] }],
  };
  const ctx = await browser.newContext({ ...DEVICE, storageState });
  const page = await ctx.newPage();
  await page.addInitScript(OBSERVE);
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...THROTTLE });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const requests = new Map();
  cdp.on('Network.responseReceived', (e) =>
    requests.set(e.requestId, { type: e.type, url: e.response.url, bytes: 0 }),
  );
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  await page.goto(base + route.path, { waitUntil: 'load', timeout: 120_000 });
  // The page is done when the main landmark shows and no loader is left; then a quiet second for TBT.
  await page.locator('main').first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(
    () => globalThis.document.querySelectorAll('.mantine-Loader-root, [aria-busy="true"]').length === 0,
    null,
    { timeout: 60_000 },
  );
  await page.waitForTimeout(3000);
  const m = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const p = globalThis.__perf;
    const tbt = p.longTasks.filter(([s]) => s >= fcp).reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
    return { fcp, lcp: Math.max(p.lcp, fcp), tbt, cls: p.cls };
  });
  const scripts = [...requests.values()].filter((r) => r.type === 'Script');
  const styles = [...requests.values()].filter((r) => r.type === 'Stylesheet');
  const sum = (list) => list.reduce((n, r) => n + r.bytes, 0);
  await ctx.close();
  return { ...m, jsBytes: sum(scripts), jsFiles: scripts.length, cssBytes: sum(styles) };
}

async function axe(browser, route) {
  const storageState = await loggedInState(browser, route.login);
  // axe is injected as a script: the app's Content-Security-Policy would refuse it.
  const ctx = await browser.newContext({ ...DEVICE, storageState, bypassCSP: true });
  const page = await ctx.newPage();
  await page.goto(base + route.path, { waitUntil: 'load' });
  await page.locator('main').first().waitFor();
  await page.waitForFunction(
    () => globalThis.document.querySelectorAll('.mantine-Loader-root, [aria-busy="true"]').length === 0,
  );
  await page.waitForTimeout(500);
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const violations = await page.evaluate(async () => {
    // Lighthouse's accessibility category runs axe-core's WCAG A/AA and best-practice rules.
    const result = await globalThis.axe.run(globalThis.document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
    });
    return result.violations.map(
      (v) =>
        `${v.id} (${v.impact}) x${v.nodes.length}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
  });
  await ctx.close();
  return violations;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  console.log(
    `${base}, ${runs} runs per route, language ${lang}, ${profile}: ${THROTTLE.latency} ms RTT, ${((THROTTLE.downloadThroughput * 8) / 1024 / 1024).toFixed(2)} Mbit/s, CPU x${CPU_SLOWDOWN}`,
  );
  console.log('route     FCP ms  LCP ms  TBT ms    CLS  JS KiB sent  scripts  CSS KiB sent  est. score');
  for (const route of ROUTES) {
    const all = [];
    for (let i = 0; i < runs; i++) all.push(await measure(browser, route));
    const m = Object.fromEntries(Object.keys(all[0]).map((k) => [k, median(all.map((x) => x[k]))]));
    console.log(
      `${route.path.padEnd(8)} ${m.fcp.toFixed(0).padStart(7)} ${m.lcp.toFixed(0).padStart(7)} ${m.tbt.toFixed(0).padStart(7)} ${m.cls.toFixed(3).padStart(6)} ${(m.jsBytes / 1024).toFixed(1).padStart(12)} ${String(m.jsFiles).padStart(8)} ${(m.cssBytes / 1024).toFixed(1).padStart(13)} ${String(estimateScore(m)).padStart(11)}`,
    );
  }
  if (withA11y) {
    for (const route of ROUTES) {
      const v = await axe(browser, route);
      console.log(`axe ${route.path}: ${v.length === 0 ? 'no violations' : `\n  ${v.join('\n  ')}`}`);
    }
  }
} finally {
  await browser.close();
}
