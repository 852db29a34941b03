#!/usr/bin/env node
// The patient-data guard's figures (issue 38, docs/performance/national-id-guard.md): recall, false
// positives and cost of `findNationalIds` / `containsNationalId` (packages/contracts/src/national-id.ts)
// as built (`npm run build -w @legenett/contracts`, or `npx turbo run build`).
//
//   node bench/national-id-guard.mjs            # N=10000 numbers per kind, FP=100000 texts per category
//   N=1000 FP=10000 node bench/national-id-guard.mjs   # quicker
//
// Recall: N generated valid numbers per kind (fødselsnummer, D-number, H-number: today's rule; and
// numbers by the 2032 rule, of every kind), each written in every FORMATS way, embedded in one of the
// Norwegian sentences of TEMPLATES: every one must be found (exit code 1 otherwise).
// False positives: FP texts per category (account numbers grouped or after the word, organisation
// numbers, phone numbers, dates, order numbers), each in a sentence with an amount or a time beside
// it: goal under 0.01 % refused. Account numbers as eleven plain digits: the share refused, reported.
// Cost: the mean time of containsNationalId on 5 000-character texts (ordinary text with numbers in it,
// text with Norwegian letters and non-breaking spaces, and a worst case: digits and spaces only).
// Random numbers come from a seeded generator (SEED), so a run is repeatable.
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'packages/contracts/package.json'));
const { containsNationalId, findNationalIds } = require(path.join(root, 'packages/contracts/dist/national-id.js'));

const N = Number(process.env.N ?? 10_000);
const FP = Number(process.env.FP ?? 100_000);
let seed = Number(process.env.SEED ?? 38);
/** mulberry32: a small seeded generator. */
function rand() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
const pick = (list) => list[Math.floor(rand() * list.length)];
const pad = (v, n) => String(v).padStart(n, '0');

const W1 = [3, 7, 6, 1, 8, 9, 4, 5, 2];
const W2 = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
const weighted = (digits, w) => w.reduce((s, x, i) => s + x * digits[i], 0);

/** A valid number: kind fnr | d | h, rule classic | 2032. */
function makeNumber(kind, rule) {
  for (;;) {
    const year = int(1855, 2039);
    const month = int(1, 12);
    const day = int(1, new Date(Date.UTC(year, month, 0)).getUTCDate());
    let individual;
    if (rule === '2032') individual = int(0, 999);
    else if (year < 1900) individual = int(500, 749);
    else if (year < 2000) individual = year >= 1940 && rand() < 0.1 ? int(900, 999) : int(0, 499);
    else individual = int(500, 999);
    const dd = kind === 'd' ? day + 40 : day;
    const mm = kind === 'h' ? month + 40 : month;
    const nine = [...`${pad(dd, 2)}${pad(mm, 2)}${pad(year % 100, 2)}${pad(individual, 3)}`].map(Number);
    const remainder = rule === '2032' ? int(1, 3) : 0; // the 2032 rule's own remainders
    const k1 = (((remainder - weighted(nine, W1)) % 11) + 11) % 11;
    if (k1 > 9) continue;
    const ten = [...nine, k1];
    const k2 = (11 - (weighted(ten, W2) % 11)) % 11;
    if (k2 > 9) continue;
    return [...ten, k2].join('');
  }
}

const ARABIC = '٠١٢٣٤٥٦٧٨٩';
const PERSIAN = '۰۱۲۳۴۵۶۷۸۹';
const DEVANAGARI = '०१२३४५६७८९';
const mapDigits = (s, f) => [...s].map((c) => (/\d/.test(c) ? f(Number(c)) : c)).join('');
const split = (s, ...sizes) => {
  const out = [];
  let at = 0;
  for (const n of sizes) out.push(s.slice(at, (at += n)));
  return out;
};

/** The ways of writing the eleven digits d. */
const FORMATS = {
  plain: (d) => d,
  space: (d) => split(d, 6, 5).join(' '),
  nbsp: (d) => split(d, 6, 5).join('\u00a0'),
  narrow_nbsp: (d) => split(d, 6, 5).join('\u202f'),
  thin_space: (d) => split(d, 6, 5).join('\u2009'),
  ideographic_space: (d) => split(d, 6, 5).join('\u3000'),
  two_spaces: (d) => split(d, 6, 5).join('  '),
  newline: (d) => split(d, 6, 5).join('\n'),
  crlf: (d) => split(d, 6, 5).join('\r\n'),
  tab: (d) => split(d, 6, 5).join('\t'),
  dash: (d) => split(d, 6, 5).join('-'),
  spaced_dash: (d) => split(d, 6, 5).join(' - '),
  en_dash: (d) => split(d, 6, 5).join('\u2013'),
  minus_sign: (d) => split(d, 6, 5).join('\u2212'),
  slash: (d) => split(d, 6, 5).join('/'),
  dot: (d) => split(d, 6, 5).join('.'),
  date_dots: (d) => `${split(d, 2, 2, 2, 5).slice(0, 3).join('.')} ${d.slice(6)}`,
  date_slashes: (d) => `${split(d, 2, 2, 2, 5).slice(0, 3).join('/')} ${d.slice(6)}`,
  date_dashes: (d) => `${split(d, 2, 2, 2, 5).slice(0, 3).join('-')}-${d.slice(6)}`,
  date_dots_3_2: (d) => `${split(d, 2, 2, 2).join('.')} ${d.slice(6, 9)} ${d.slice(9)}`,
  six_three_two: (d) => split(d, 6, 3, 2).join(' '),
  three_three_three_two: (d) => split(d, 3, 3, 3, 2).join(' '),
  every_digit_spaced: (d) => [...d].join(' '),
  zero_width_space: (d) => [...d].join('\u200b'),
  zero_width_joiner: (d) => split(d, 3, 3, 5).join('\u200d'),
  word_joiner: (d) => split(d, 6, 5).join('\u2060'),
  soft_hyphen: (d) => split(d, 6, 5).join('\u00ad'),
  bom_and_bidi: (d) => `\u200e${split(d, 6, 5).join('\ufeff')}\u200f`,
  full_width: (d) => mapDigits(split(d, 6, 5).join('\u3000'), (v) => String.fromCharCode(0xff10 + v)),
  arabic_indic: (d) => mapDigits(d, (v) => ARABIC[v]),
  persian: (d) => mapDigits(split(d, 6, 5).join(' '), (v) => PERSIAN[v]),
  devanagari: (d) => mapDigits(d, (v) => DEVANAGARI[v]),
  math_bold: (d) => mapDigits(d, (v) => String.fromCodePoint(0x1d7ce + v)),
  entity_nbsp: (d) => split(d, 6, 5).join('&nbsp;'),
  entity_decimal: (d) => split(d, 6, 5).join('&#160;'),
  entity_digits: (d) => [...d].map((c) => `&#x${(c.charCodeAt(0)).toString(16)};`).join(''),
  in_parentheses: (d) => `(${split(d, 6, 5).join(' ')})`,
};

const TEMPLATES = [
  (x) => `Pasienten ${x} ble innlagt i går kveld med brystsmerter, BT 145/90 og puls 88.`,
  (x) => `Hei! Kan du se på prøvesvarene til ${x} før møtet kl. 10.30? Takk.`,
  (x) => `Fødselsnummer: ${x}\nDiagnose: K35.8, operert 12.11.2026.`,
  (x) => `${x} er henvist fra fastlegen, time 15.03.2027 (rom 214).`,
  (x) => `Vi har en pasient (f.nr. ${x}) som trenger oppfølging etter 3 uker.`,
  (x) => `Jeg lurer på dosering for barnet med fnr ${x}, vekt 14,5 kg.`,
];

const KINDS = [
  ['fødselsnummer', () => makeNumber('fnr', 'classic')],
  ['D-number', () => makeNumber('d', 'classic')],
  ['H-number', () => makeNumber('h', 'classic')],
  ['2032 rule (all kinds)', () => makeNumber(pick(['fnr', 'd', 'h']), '2032')],
];

const formatNames = Object.keys(FORMATS);
console.log(`# recall: ${N} numbers per kind x ${formatNames.length} formats, in Norwegian sentences`);
let recallFailed = 0;
const missedByFormat = {};
for (const [label, make] of KINDS) {
  let tried = 0;
  let found = 0;
  for (let i = 0; i < N; i++) {
    const d = make();
    for (const name of formatNames) {
      const text = pick(TEMPLATES)(FORMATS[name](d));
      tried++;
      const hits = findNationalIds(text);
      if (hits.some((h) => h.digits === d)) found++;
      else missedByFormat[name] = (missedByFormat[name] ?? 0) + 1;
    }
  }
  if (found !== tried) recallFailed++;
  console.log(`${label.padEnd(24)} ${found}/${tried} found (${((100 * found) / tried).toFixed(3)} %)`);
}
if (Object.keys(missedByFormat).length) console.log('missed by format:', missedByFormat);

// False positives.
function accountNumber() {
  for (;;) {
    const ten = [...`${pad(int(1000, 9999), 4)}${pad(int(0, 99), 2)}${pad(int(0, 9999), 4)}`].map(Number);
    const k = (11 - (weighted(ten, W2) % 11)) % 11;
    if (k !== 10) return [...ten, k].join('');
  }
}
function orgNumber() {
  for (;;) {
    const eight = [...`${int(8, 9)}${pad(int(0, 9_999_999), 7)}`].map(Number);
    const k = (11 - ([3, 2, 7, 6, 5, 4, 3, 2].reduce((s, w, i) => s + w * eight[i], 0) % 11)) % 11;
    if (k !== 10) return [...eight, k].join('');
  }
}
const MONTHS = ['januar', 'februar', 'mars', 'april', 'mai', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'desember'];
const beside = () => pick([`kr ${int(1, 99)} ${pad(int(0, 999), 3)}`, `kl. ${pad(int(7, 22), 2)}.${pad(int(0, 59), 2)}`, `${int(1, 40)} stk.`, `rom ${int(100, 499)}`, '']);

const CATEGORIES = {
  'account numbers, grouped or after the word': () => {
    const a = accountNumber();
    const [p, q, r] = split(a, 4, 2, 5);
    return pick([
      `Betal ${beside()} til ${p}.${q}.${r} innen fredag.`,
      `Kontonummer: ${p} ${q} ${r}, merk betalingen med navn.`,
      `Overfør til konto ${a} før ${int(1, 28)}. ${pick(MONTHS)}.`,
      `Kontonummer ${a} (DNB).`,
      `kontonr. ${a}, ${beside()}`,
      `Bankkonto: ${a}`,
      `Pengene går til ${p} ${q} ${r} ${beside()}`,
      `Kontonummeret er ${a}.`,
    ]);
  },
  'organisation numbers': () => {
    const o = orgNumber();
    return pick([
      `Org.nr. ${split(o, 3, 3, 3).join(' ')} MVA, ${beside()}`,
      `Organisasjonsnummer ${o}.`,
      `Foretaksregisteret: NO ${o} MVA ${beside()}`,
      `Legesenteret AS (${split(o, 3, 3, 3).join(' ')}) ${split(orgNumber(), 3, 3, 3).join(' ')}`,
    ]);
  },
  'phone numbers': () => {
    const p = `${pick([4, 9, 2, 3, 5, 6, 7])}${pad(int(0, 9_999_999), 7)}`;
    return pick([
      `Ring meg på +47 ${p} ${beside()}`,
      `Tlf. +47 ${split(p, 3, 2, 3).join(' ')} eller ${split(p, 2, 2, 2, 2).join(' ')}.`,
      `Mobil: ${split(p, 3, 2, 3).join(' ')}, sentralbord ${split(`${int(2, 7)}${pad(int(0, 9_999_999), 7)}`, 2, 2, 2, 2).join(' ')}`,
      `0047 ${p} / +47${p}`,
      `Vakttelefon ${p} (${beside()})`,
    ]);
  },
  dates: () => {
    const y = int(1900, 2040);
    const m = int(1, 12);
    const dd = int(1, 28);
    const short = `${pad(dd, 2)}.${pad(m, 2)}.${pad(y % 100, 2)}`;
    return pick([
      `Møte ${pad(dd, 2)}.${pad(m, 2)}.${y} kl. ${pad(int(7, 22), 2)}.${pad(int(0, 59), 2)}`,
      `Innlagt ${short}, utskrevet ${pad(int(1, 28), 2)}.${pad(m, 2)}.${pad(y % 100, 2)}.`,
      `${y}-${pad(m, 2)}-${pad(dd, 2)} ${pad(int(0, 23), 2)}:${pad(int(0, 59), 2)}`,
      `Periode ${pad(dd, 2)}/${pad(m, 2)}/${pad(y % 100, 2)}–${pad(int(1, 28), 2)}/${pad(m, 2)}/${pad(y % 100, 2)}`,
      `Født ${dd}. ${pick(MONTHS)} ${y}, ${beside()}`,
      `${short} ${pad(int(0, 23), 2)}.${pad(int(0, 59), 2)} ${beside()}`,
    ]);
  },
  'order numbers': () =>
    pick([
      `Ordrenummer ${int(10_000_000, 99_999_999)} ${beside()}`,
      `Ordre #${int(100_000, 9_999_999_999)}`,
      `Bestilling ${int(2020, 2030)}-${pad(int(0, 999_999), 6)}`,
      `Referanse: ${pad(int(0, 999_999_999), 9)}-${pad(int(0, 99), 2)}`,
      `Sak ${int(2020, 2030)}/${pad(int(0, 99_999), 5)}`,
      `KID ${pad(int(0, 999_999), 6)}${pad(int(0, 999_999), 6)}${int(0, 9)}`,
    ]),
};

console.log(`\n# false positives: ${FP} texts per category (goal < 0.01 %)`);
let fpFailed = 0;
for (const [label, make] of Object.entries(CATEGORIES)) {
  let refused = 0;
  const examples = [];
  for (let i = 0; i < FP; i++) {
    const text = make();
    if (containsNationalId(text)) {
      refused++;
      if (examples.length < 3) examples.push(text);
    }
  }
  const share = (100 * refused) / FP;
  if (share >= 0.01) fpFailed++;
  console.log(`${label.padEnd(44)} ${refused}/${FP} refused (${share.toFixed(4)} %)${examples.length ? ` e.g. ${JSON.stringify(examples)}` : ''}`);
}
let plainRefused = 0;
const byRule = { classic: 0, '2032': 0 };
for (let i = 0; i < FP; i++) {
  const hits = findNationalIds(`Betal til ${accountNumber()} innen fredag.`);
  if (hits.length) {
    plainRefused++;
    byRule[hits[0].rule]++;
  }
}
console.log(
  `${'account numbers as eleven plain digits'.padEnd(44)} ${plainRefused}/${FP} refused (${((100 * plainRefused) / FP).toFixed(3)} %: today's rule ${((100 * byRule.classic) / FP).toFixed(3)} %, only by the 2032 rule ${((100 * byRule['2032']) / FP).toFixed(3)} %), each with the account hint`,
);

// Cost.
const WORDS = 'pasienten ble innlagt med smerter i brystet og fikk behandling etter retningslinjene for akutt koronarsyndrom vi vurderer videre oppfølging hos fastlegen om tre uker'.split(' ');
function prose(length, extra) {
  let s = '';
  while (s.length < length) {
    s += `${pick(WORDS)} `;
    if (rand() < 0.08) s += `${pick([`${int(1, 999)}`, `${int(1, 28)}.${int(1, 12)}.${int(2020, 2027)}`, `kl. ${int(7, 22)}.${pad(int(0, 59), 2)}`, `+47 ${int(40_000_000, 99_999_999)}`, `${int(100, 200)}/${int(60, 99)}`])} `;
    if (extra && rand() < 0.1) s += pick(['æ', 'ø', 'å', 'blåbærsyltetøy ', 'kl.\u00a012.00 ', '– ']);
  }
  return s.slice(0, length);
}
function digitsOnly(length) {
  let s = '';
  while (s.length < length) s += `${int(0, 99_999)} `;
  return s.slice(0, length);
}
const TEXTS = {
  'ordinary text with numbers (ASCII)': Array.from({ length: 50 }, () => prose(5000, false)),
  'with æøå, NBSP and dashes': Array.from({ length: 50 }, () => prose(5000, true)),
  'worst case: digits and spaces only': Array.from({ length: 50 }, () => digitsOnly(5000)),
};
console.log('\n# cost: containsNationalId on 5 000-character texts (goal < 50 µs)');
const costs = {};
for (const [label, texts] of Object.entries(TEXTS)) {
  let sink = 0;
  for (let r = 0; r < 200; r++) for (const t of texts) sink += containsNationalId(t) ? 1 : 0; // warm-up
  const rounds = 2000;
  const t0 = performance.now();
  for (let r = 0; r < rounds; r++) for (const t of texts) sink += containsNationalId(t) ? 1 : 0;
  const us = ((performance.now() - t0) * 1000) / (rounds * texts.length);
  costs[label] = us;
  console.log(`${label.padEnd(40)} ${us.toFixed(1)} µs per text (${sink ? 'some refused' : 'none refused'})`);
}
console.log(`\nnode ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} x${os.cpus().length}, load average ${os.loadavg().map((v) => v.toFixed(2)).join(' ')}`);
process.exitCode = recallFailed || fpFailed ? 1 : 0;
