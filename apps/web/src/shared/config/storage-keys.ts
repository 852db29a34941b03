/** Browser storage keys, in one place so nothing collides. `index.html` reads the first two before React starts. */
export const storageKeys = {
  colorScheme: 'legenett-color-scheme',
  locale: 'legenett-locale',
  cookieConsent: 'legenett-cookie-consent',
  /** The spec keeps the logged-in user in local storage and the token in a cookie. */
  user: 'user',
  accessTokenCookie: 'access_token',
} as const;
