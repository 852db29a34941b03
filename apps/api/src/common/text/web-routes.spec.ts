import { isWebRoute, webLink, webPath, webRoutes } from '@legenett/contracts';

describe('the web app routes the API links to', () => {
  it('builds paths and links from the one pattern table, encoding parameters and keeping the query', () => {
    expect(webPath(webRoutes.post, { id: 7 })).toBe('/post/7');
    expect(webPath(webRoutes.messages)).toBe('/messages');
    expect(webPath(webRoutes.messages, { id: 12 })).toBe('/messages/12');
    expect(webPath(webRoutes.profileBySlug, { slug: 'kari nordby/æ' })).toBe('/profile/kari%20nordby%2F%C3%A6');
    expect(webLink('https://legenett.no/', webRoutes.resetPassword, undefined, { token: 'a+b' })).toBe('https://legenett.no/reset-password?token=a%2Bb');
    expect(webPath(webRoutes.home)).toBe('/');
    // A required parameter left out is a bug in the caller, never a link to `/post/:id`.
    expect(() => webPath(webRoutes.post, {} as { id: number })).toThrow(/needs id/);
  });

  it('tells a page of the web app from a path it does not have', () => {
    for (const path of ['/', '/feed', '/post/7', '/messages', '/messages/5', '/course/webinares/123/webinar', '/user-verification/abc', '/profile_company_manage']) {
      expect([path, isWebRoute(path)]).toEqual([path, true]);
    }
    // The sample links the mail previews had (issue 42): none is a page.
    for (const path of ['/verify-email', '/confirm-email', '/profile/settings/x', '/posts/7', '/petitions/42', '/post', '/post/7/8']) {
      expect([path, isWebRoute(path)]).toEqual([path, false]);
    }
  });
});
