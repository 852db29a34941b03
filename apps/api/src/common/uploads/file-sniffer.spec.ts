import { sniffFileType } from './file-sniffer';

describe('sniffFileType', () => {
  it.each([
    ['jpeg', [0xff, 0xd8, 0xff, 0xe0, 0, 0x10]],
    ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]],
    ['webp', [...Buffer.from('RIFF'), 1, 2, 3, 4, ...Buffer.from('WEBPVP8 ')]],
    ['pdf', [...Buffer.from('%PDF-1.7\n')]],
  ])('knows %s by its first bytes', (type, bytes) => {
    expect(sniffFileType(Buffer.from(bytes))).toBe(type);
  });

  it.each([
    ['text named .png', Buffer.from('hello, I am not a picture')],
    ['empty', Buffer.alloc(0)],
    ['truncated PNG signature', Buffer.from([0x89, 0x50, 0x4e])],
    ['RIFF that is not WebP', Buffer.from('RIFF\0\0\0\0WAVEfmt ')],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>')],
  ])('refuses %s', (_name, buf) => {
    expect(sniffFileType(buf)).toBeNull();
  });
});
