import { sniffMedia } from './media-probe';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffMedia', () => {
  it('recognises videos by their first bytes', () => {
    expect(sniffMedia(bytes([0, 0, 0, 0x20], 'ftypisom'), 'video')?.ext).toBe('mp4');
    expect(sniffMedia(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f]), 'video')?.ext).toBe('webm');
    expect(sniffMedia(bytes([0, 0, 0, 0x20], 'ftypM4A '), 'video')).toBeNull();
    expect(sniffMedia(bytes('%PDF-1.7'), 'video')).toBeNull();
  });

  it('recognises audio by their first bytes', () => {
    expect(sniffMedia(bytes('ID3', [4, 0]), 'audio')?.ext).toBe('mp3');
    expect(sniffMedia(bytes([0xff, 0xfb, 0x90, 0x64]), 'audio')?.ext).toBe('mp3');
    expect(sniffMedia(bytes([0, 0, 0, 0x20], 'ftypM4A '), 'audio')?.ext).toBe('m4a');
    expect(sniffMedia(bytes('OggS', [0]), 'audio')?.ext).toBe('ogg');
    expect(sniffMedia(bytes([0, 0, 0, 0x20], 'ftypisom'), 'audio')).toBeNull();
    expect(sniffMedia(bytes([0x89], 'PNG'), 'audio')).toBeNull();
  });
});
