import dns from 'node:dns';
import net from 'node:net';

/**
 * A push subscription's endpoint is an address this server will call with a POST, so it is checked
 * like one (server-side request forgery, docs/push-and-pwa.md "Which endpoints are accepted"):
 *
 * - production: `https` only, on a public host: no IP literal in a private, loopback, link-local,
 *   shared, documentation, multicast or reserved range (IPv4 and IPv6, IPv4-mapped too), no
 *   `localhost`, `.local`, `.internal` or single-label names, no user:password; and at send time the
 *   name must resolve to public addresses only, the connection going to the address checked (no
 *   second lookup an attacker's DNS could answer differently);
 * - development and tests: the same, and besides exactly `http://127.0.0.1[:port]`, so that a local
 *   push-service stand-in can receive.
 */

const blocked = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped or -compatible IPv6 one (`::ffff:10.0.0.1`, `::ffff:a00:1`), else null. */
function embeddedIpv4(address: string): string | null {
  const m = /^(?:0{0,4}:){0,5}(?:ffff:)?(?:(\d{1,3}(?:\.\d{1,3}){3})|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address.replace(/^::/, ''));
  if (!address.startsWith('::') || !m) return null;
  if (m[1]) return m[1];
  const hi = parseInt(m[2]!, 16);
  const lo = parseInt(m[3]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Whether a literal IP address is one the server must never call (anything but a public unicast address). */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(address.toLowerCase());
    if (v4 !== null) return net.isIPv4(v4) ? blocked.check(v4, 'ipv4') : true;
    return blocked.check(address, 'ipv6');
  }
  return true;
}

export type EndpointVerdict = 'ok' | 'not_https' | 'private';

/** The rule at subscription: the URL's form and host (names are resolved at send time). */
export function checkPushEndpoint(raw: string, opts: { allowLoopbackHttp: boolean }): EndpointVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not_https';
  }
  if (url.username || url.password) return 'private';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (url.protocol === 'http:') return opts.allowLoopbackHttp && host === '127.0.0.1' ? 'ok' : 'not_https';
  if (url.protocol !== 'https:') return 'not_https';
  if (opts.allowLoopbackHttp && host === '127.0.0.1') return 'ok';
  if (net.isIP(host)) return isPrivateAddress(host) ? 'private' : 'ok';
  if (!host.includes('.') || host === 'localhost' || /\.(localhost|local|internal|lan|home\.arpa|intranet|corp)$/.test(host)) return 'private';
  return 'ok';
}

/** A push endpoint refused at send time (its name resolves to a private address, or its form is not allowed any more). */
export class PushAddressRefused extends Error {
  readonly code = 'EPUSHADDRESS';
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * `lookup` for the push request's socket: resolves the name and refuses it unless every address is
 * public (except the development stand-in's 127.0.0.1); the socket then connects to the address
 * checked here, so a second DNS answer cannot smuggle a private one in.
 */
export function guardedLookup(opts: { allowLoopbackHttp: boolean }) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses;
      const loopbackStandIn = opts.allowLoopbackHttp && list.length > 0 && list.every((a) => a.address === '127.0.0.1');
      if (list.length === 0 || (!loopbackStandIn && list.some((a) => isPrivateAddress(a.address)))) {
        return callback(new PushAddressRefused(`${hostname} resolves to a private or reserved address`), '');
      }
      if (options.all) return callback(null, list);
      const first = list[0]!;
      return callback(null, first.address, first.family);
    });
  };
}
