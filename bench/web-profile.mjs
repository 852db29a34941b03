#!/usr/bin/env node
// Where a route's first load spends the main thread: a CPU profile of the page in Chromium with the CPU
// 4x slower (as Lighthouse's mobile simulation assumes), self time per package and per function, mapped
// back to the sources through the build's source maps (apps/web/dist/assets/*.js.map).
//
//   PORT=3531 START_SKIP_BUILD=1 npm start            # a built app (see docs/performance/web.md)
//   node bench/web-profile.mjs --base http://127.0.0.1:3531 [--route /feed] [--longest]
//
// `--longest` keeps only the stretch of samples without idle time that runs the most script (the
// start-up task); `--stretches` lists every busy stretch over 50 ms first; `--callers` adds the time
// charged to the nearest frame of our own code (apps/web/src, packages/*) up each sample's stack, so a
// library's time shows under the line that called it (which schema module builds zod schemas, say);
// otherwise the whole load until the network is idle. `/feed` and every route but `/` run as the
// demo doctor. Needs playwright-core, @jridgewell/trace-mapping (both in the workspace) and Chromium
// (CHROMIUM=/path, default /usr/bin/chromium).
import fs from 'node:fs';
import path from 'node:path';
import { cliBase, cliFlag, cliOption, root, workspaceRequire } from './lib.mjs';

const require = workspaceRequire;
const { chromium } = require('playwright-core');
const { TraceMap, originalPositionFor } = require('@jridgewell/trace-mapping');

const opt = cliOption;
const base = cliBase();
const route = opt('--route', '/feed');
const longest = cliFlag('--longest');
const listStretches = cliFlag('--stretches');
const callers = cliFlag('--callers');
const dist = path.join(root, 'apps/web/dist');

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
  if (route !== '/') {
    const res = await ctx.request.post(`${base}/api/user/login`, { data: { email: 'lege@demo.no', password: 'Demo!2026' } });
    if (!res.ok()) throw new Error(`login: ${res.status()} ${await res.text()}`);
    const answer = await res.json();
    await ctx.addCookies([{ name: 'access_token', value: answer.access_token, url: base, sameSite: 'Lax' }]);
    const setup = await ctx.newPage();
    await setup.goto(`${base}/favicon.svg`);
    await setup.evaluate((user) => globalThis.localStorage.setItem('user', user), JSON.stringify(answer.user));
    await setup.close();
  }
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(base + route, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const { profile } = await cdp.send('Profiler.stop');

  // Sample i lasts timeDeltas[i + 1]; a stretch is a run of samples outside "(idle)". Before the page
  // starts, Chromium may be busy without running any script ("(program)" only): the longest stretch
  // is the one with the most script time, not the longest one.
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  const script = new Set(profile.nodes.filter((n) => n.callFrame.url).map((n) => n.id));
  let t = 0;
  const times = profile.samples.map((_, i) => (t += profile.timeDeltas[i] ?? 0));
  const stretches = [];
  let open = null;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (!idle.has(id)) {
      open ??= { from: i, to: i, scriptMs: 0 };
      open.to = i + 1;
      if (script.has(id)) open.scriptMs += ms;
    } else if (open) {
      stretches.push(open);
      open = null;
    }
  });
  if (open) stretches.push(open);
  const msOf = (st) => (times[st.to] ?? t) / 1000 - times[st.from] / 1000;
  if (listStretches) {
    console.log('busy stretches over 50 ms (CPU 4x slower): start, length, of which script');
    for (const st of stretches.filter((x) => msOf(x) >= 50)) {
      console.log(`${(times[st.from] / 1000).toFixed(0).padStart(7)} ms ${msOf(st).toFixed(0).padStart(5)} ms ${st.scriptMs.toFixed(0).padStart(5)} ms`);
    }
    console.log('');
  }
  let window = null;
  if (longest) {
    const best = stretches.reduce((a, b) => (!a || b.scriptMs > a.scriptMs ? b : a), null);
    if (best) {
      window = [best.from, best.to];
      console.log(`busiest stretch: ${msOf(best).toFixed(0)} ms (${best.scriptMs.toFixed(0)} ms of script) from ${(times[best.from] / 1000).toFixed(0)} ms`);
    }
  }
  const selfTime = new Map();
  profile.samples.forEach((id, i) => {
    if (window && (i < window[0] || i >= window[1])) return;
    selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  });

  const maps = new Map();
  const mapOf = (url) => {
    if (!maps.has(url)) {
      const file = path.join(dist, new URL(url).pathname);
      maps.set(url, fs.existsSync(`${file}.map`) ? new TraceMap(fs.readFileSync(`${file}.map`, 'utf8')) : null);
    }
    return maps.get(url);
  };
  const packageOf = (source) =>
    source.includes('node_modules/')
      ? source.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1')
      : source.replace(/^.*?\/(src\/[^/]+\/[^/]+).*$/, '$1');
  const byPackage = new Map();
  const byFunction = new Map();
  const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
  for (const node of profile.nodes) {
    const ms = selfTime.get(node.id);
    if (!ms) continue;
    const { url, functionName, lineNumber, columnNumber } = node.callFrame;
    const map = url.startsWith(base) ? mapOf(url) : null;
    const origin = map ? originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }) : null;
    if (origin?.source) {
      add(byPackage, packageOf(origin.source), ms);
      add(byFunction, `${origin.name ?? functionName ?? ''} ${origin.source.replace(/^.*node_modules\//, '')}:${origin.line}`, ms);
    } else {
      add(byPackage, url ? url.replace(base, '') : `(${functionName || 'native'})`, ms);
      add(byFunction, functionName || '(anonymous)', ms);
    }
  }
  if (callers) {
    // The nearest own frame up the stack of each node (itself included), as "source:line".
    const parent = new Map();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node);
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const ownFrame = new Map();
    const ownOf = (node) => {
      if (ownFrame.has(node.id)) return ownFrame.get(node.id);
      const { url, lineNumber, columnNumber } = node.callFrame;
      const map = url.startsWith(base) ? mapOf(url) : null;
      const origin = map ? originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }) : null;
      const mine = origin?.source && !origin.source.includes('node_modules/') ? `${origin.source.replace(/^(\.\.\/)+/, '')}:${origin.line}` : null;
      const up = parent.get(node.id);
      const found = mine ?? (up ? ownOf(up) : '(no own frame)');
      ownFrame.set(node.id, found);
      return found;
    };
    const byCaller = new Map();
    for (const [id, ms] of selfTime) add(byCaller, ownOf(byId.get(id)), ms);
    console.log('by own caller (inclusive of the libraries it calls)');
    for (const [key, ms] of [...byCaller].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`${ms.toFixed(0).padStart(7)}  ${key}`);
    console.log('');
  }
  const total = [...byPackage.values()].reduce((a, b) => a + b, 0);
  console.log(`${route}: ${total.toFixed(0)} ms of samples (CPU 4x slower)\n\nby package`);
  for (const [key, ms] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${ms.toFixed(0).padStart(7)}  ${key}`);
  console.log('\nby function');
  for (const [key, ms] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${ms.toFixed(0).padStart(7)}  ${key}`);
} finally {
  await browser.close();
}
