import { storageKeys } from '@/shared/config/storage-keys';
import { changeLocale, i18n, readStoredLocale } from './i18n';

describe('the remembered language', () => {
  it('is what the user chose', async () => {
    await changeLocale('en');
    expect(window.localStorage.getItem(storageKeys.locale)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    await changeLocale('no');
    expect(readStoredLocale()).toBe('no');
  });

  it('is also a cookie the server reads for the page it sends (language and preloads)', async () => {
    await changeLocale('en');
    expect(document.cookie).toMatch(/(^|; )legenett-locale=en(;|$)/);
    await changeLocale('no');
    expect(document.cookie).toMatch(/(^|; )legenett-locale=no(;|$)/);
  });

  it('is not written back by a language change the user did not make (the start-up load finishing late)', async () => {
    // The app started in Norwegian; meanwhile English was stored (another tab, a test's set-up).
    window.localStorage.setItem(storageKeys.locale, 'en');
    // The start-up's own change finishes after its sections load.
    await i18n.changeLanguage('no');
    expect(document.documentElement.lang).toBe('no');
    expect(readStoredLocale()).toBe('en');
  });
});
