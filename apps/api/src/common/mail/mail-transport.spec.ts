import { pooledUrl } from './mail-transport';

describe('SMTP transport', () => {
  it('pools connections unless the SMTP URL says otherwise', () => {
    const pooled = new URL(pooledUrl('smtp://user:secret@mail.example.no:587'));
    expect(pooled.searchParams.get('pool')).toBe('true');
    expect(pooled.searchParams.get('maxConnections')).toBe('5');
    expect(pooled.searchParams.get('maxMessages')).toBe('100');
    expect(`${pooled.username}:${pooled.password}@${pooled.host}`).toBe('user:secret@mail.example.no:587');

    const own = new URL(pooledUrl('smtps://mail.example.no/?pool=false&maxConnections=2'));
    expect(own.searchParams.get('pool')).toBe('false');
    expect(own.searchParams.get('maxConnections')).toBe('2');
  });
});
