import { renderDigest } from './digest-template';

const view = {
  locale: 'no' as const,
  name: 'Siri',
  period: 'denne uken',
  sections: [{ title: 'Uleste varsler', items: [{ text: 'Kari Nordby likte innlegget ditt', url: 'https://legenett.test/notifications', meta: '7 kommentarer' }] }],
  siteUrl: 'https://legenett.test',
  settingsUrl: 'https://legenett.test/notification_settings',
  unsubscribeUrl: 'https://legenett.test/api/notification-unsubscribe?u=1&c=digest',
};

describe('the digest template', () => {
  it('renders both parts from one template, in the reader\'s language', async () => {
    const no = await renderDigest(view);
    expect(no.subject).toBe('Dette har skjedd på Legenett denne uken');
    expect(no.html).toMatch(/^<!DOCTYPE html[^>]*><html dir="ltr" lang="nb">/);
    expect(no.html).toContain('href="https://legenett.test/notification_settings"');
    expect(no.text).toContain('Kari Nordby likte innlegget ditt');
    expect(no.text).toContain('https://legenett.test/notifications');
    expect(no.text).toContain('Hei Siri');
    const en = await renderDigest({ ...view, locale: 'en', period: 'this week' });
    expect(en.subject).toBe('What happened on Legenett this week');
    expect(en.html).toContain('lang="en"');
    expect(en.text).toContain('Send me no more digests');
  });

  it('escapes what people wrote', async () => {
    const r = await renderDigest({ ...view, sections: [{ title: 'X', items: [{ text: '<script>alert(1)</script>', url: 'https://legenett.test/x' }] }] });
    expect(r.html).not.toContain('<script>alert(1)</script>');
    expect(r.html).toContain('&lt;script&gt;');
  });
});
