import { FALLBACK_URL, notificationOfPush, windowFor } from './sw-push';

describe('the push handler', () => {
  it('shows the title, the (empty) text, the bell group as tag and the page to open', () => {
    const shown = notificationOfPush(JSON.stringify({ title: 'Ny melding fra Kari Nordby', body: '', tag: 'entry-12', url: '/messages/4', kind: 'chat_message' }));
    expect(shown).toEqual({
      title: 'Ny melding fra Kari Nordby',
      options: { body: '', tag: 'entry-12', renotify: true, icon: '/icons/icon-192.png', badge: '/icons/badge-96.png', data: { url: '/messages/4' } },
    });
  });

  it('never opens another site, and still shows something for a push that is not ours', () => {
    for (const url of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', 42]) {
      expect(notificationOfPush(JSON.stringify({ title: 'x', url })).options.data.url).toBe(FALLBACK_URL);
    }
    expect(notificationOfPush('not json')).toMatchObject({ title: 'Legenett', options: { body: '', tag: 'legenett', data: { url: FALLBACK_URL } } });
    expect(notificationOfPush(null).title).toBe('Legenett');
  });
});

describe('the click handler', () => {
  const origin = 'https://legenett.no';
  it('uses the window already on the page, else the focused one of the app, else any of it; never another site', () => {
    const feed = { url: `${origin}/feed`, focused: false };
    const thread = { url: `${origin}/messages/4`, focused: false };
    const focused = { url: `${origin}/jobs`, focused: true };
    const other = { url: 'https://example.org/', focused: true };
    expect(windowFor([feed, thread, focused], `${origin}/messages/4`, origin)).toBe(thread);
    expect(windowFor([feed, focused, other], `${origin}/messages/4`, origin)).toBe(focused);
    expect(windowFor([other, feed], `${origin}/messages/4`, origin)).toBe(feed);
    expect(windowFor([other], `${origin}/messages/4`, origin)).toBeNull();
    expect(windowFor([], `${origin}/messages/4`, origin)).toBeNull();
  });
});
