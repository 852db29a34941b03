/**
 * What the session list shows of a client: a plain device name read from the user agent and a
 * masked IP address. Deliberately simple (no user-agent database, no geolocation offline).
 */

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];

// Order matters: Android and iOS agents also mention Linux and Mac OS X.
const SYSTEMS: readonly [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

const firstMatch = (ua: string, table: readonly [RegExp, string][]): string | null =>
  table.find(([pattern]) => pattern.test(ua))?.[1] ?? null;

/** Browser and system names (`Firefox`, `Windows`); null for what is not recognised. The web words them. */
export function describeDevice(userAgent: string | null): { browser: string | null; system: string | null } {
  if (!userAgent) return { browser: null, system: null };
  return { browser: firstMatch(userAgent, BROWSERS), system: firstMatch(userAgent, SYSTEMS) };
}

/** `84.210.12.7` → `84.210.x.x`; IPv6 keeps its first two groups (`2001:db8:x:x:x:x:x:x`). */
export function maskIp(ip: string | null): string | null {
  if (!ip) return null;
  const address = ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice('::ffff:'.length) : ip;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(address);
  if (v4) return `${v4[1]}.${v4[2]}.x.x`;
  if (address.includes(':')) {
    // Only groups written before a `::` are real leading groups.
    const head = address.split('::')[0]!.split(':').filter((g) => g !== '').slice(0, 2);
    if (head.length === 0) return null;
    return [...head, ...Array<string>(8 - head.length).fill('x')].join(':');
  }
  return null;
}
