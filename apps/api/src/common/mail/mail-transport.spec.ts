import { smtpOptions } from './mail-transport';

describe('SMTP transport', () => {
  it('pools connections with sockets that do not wait, unless the SMTP URL says otherwise', () => {
    const pooled = smtpOptions('smtp://user:secret@mail.example.no:587');
    expect(pooled).toMatchObject({ pool: true, maxConnections: 5, maxMessages: 100, host: 'mail.example.no', port: 587, secure: false, auth: { user: 'user', pass: 'secret' } });
    expect(typeof pooled.getSocket).toBe('function');

    expect(smtpOptions('smtps://mail.example.no/?pool=false&maxConnections=2')).toMatchObject({ pool: false, maxConnections: 2, secure: true });
  });
});
