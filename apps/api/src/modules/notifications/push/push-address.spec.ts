import { checkPushEndpoint, guardedLookup, isPrivateAddress, PushAddressRefused } from './push-address';

const prod = { allowLoopbackHttp: false };
const dev = { allowLoopbackHttp: true };

describe('the push endpoint rule', () => {
  it('accepts https on public hosts in every environment', () => {
    for (const url of ['https://fcm.googleapis.com/fcm/send/abc', 'https://updates.push.services.mozilla.com/wpush/v2/x', 'https://web.push.apple.com/QG', 'https://8.8.8.8/p', 'https://[2606:4700::1111]/p']) {
      expect(checkPushEndpoint(url, prod)).toBe('ok');
      expect(checkPushEndpoint(url, dev)).toBe('ok');
    }
  });

  it('refuses plain http, other schemes, and private, loopback, link-local and ULA hosts in production', () => {
    expect(checkPushEndpoint('http://fcm.googleapis.com/x', prod)).toBe('not_https');
    expect(checkPushEndpoint('http://127.0.0.1:9000/push/1', prod)).toBe('not_https');
    expect(checkPushEndpoint('ftp://example.org/x', prod)).toBe('not_https');
    for (const url of [
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://172.20.0.5/x',
      'https://192.168.1.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/x',
      'https://0.0.0.0/x',
      'https://[::1]/x',
      'https://[fd00::1]/x',
      'https://[fe80::1]/x',
      'https://[::ffff:10.0.0.1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://localhost/x',
      'https://api.localhost/x',
      'https://printer.local/x',
      'https://metadata.google.internal/x',
      'https://intranet/x',
      'https://user:pw@fcm.googleapis.com/x',
    ]) {
      expect([url, checkPushEndpoint(url, prod)]).toEqual([url, 'private']);
    }
  });

  it('outside production accepts exactly http://127.0.0.1 besides, never another private host', () => {
    expect(checkPushEndpoint('http://127.0.0.1:9000/push/1', dev)).toBe('ok');
    expect(checkPushEndpoint('http://localhost:9000/push/1', dev)).toBe('not_https');
    expect(checkPushEndpoint('http://10.0.0.1/push/1', dev)).toBe('not_https');
    expect(checkPushEndpoint('https://10.0.0.1/push/1', dev)).toBe('private');
    expect(checkPushEndpoint('https://[::1]/push/1', dev)).toBe('private');
  });

  it('knows private addresses of both families', () => {
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    expect(isPrivateAddress('2a00:1450:400f:80d::200a')).toBe(false);
    for (const a of ['127.0.0.1', '10.0.0.1', '172.31.255.255', '192.168.0.1', '169.254.1.1', '::1', 'fd12::1', 'fe80::1', '::ffff:192.168.0.1', '::ffff:c0a8:1', 'ff02::1', 'not-an-ip']) {
      expect([a, isPrivateAddress(a)]).toEqual([a, true]);
    }
  });

  it('at send time refuses a name that resolves to a private address', async () => {
    const lookup = (opts: { allowLoopbackHttp: boolean }, host: string) =>
      new Promise<string>((resolve, reject) =>
        guardedLookup(opts)(host, {}, (err, address) => (err ? reject(err) : resolve(String(address)))),
      );
    await expect(lookup(prod, 'localhost')).rejects.toBeInstanceOf(PushAddressRefused);
    // The stand-in's loopback only where it is allowed.
    await expect(lookup(dev, '127.0.0.1')).resolves.toBe('127.0.0.1');
    await expect(lookup(prod, '127.0.0.1')).rejects.toBeInstanceOf(PushAddressRefused);
  });
});
