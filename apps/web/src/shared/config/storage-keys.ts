/** Browser storage keys, in one place so nothing collides. `index.html` reads the first two before React starts. */
export const storageKeys = {
  colorScheme: 'legenett-color-scheme',
  locale: 'legenett-locale',
  cookieConsent: 'legenett-cookie-consent',
  /** The spec keeps the logged-in user in local storage and the token in a cookie. */
  user: 'user',
  accessTokenCookie: 'access_token',
  /** The page an account that is not approved yet tried to open, opened for it once approved. */
  heldPage: 'legenett-held-page',
} as const;
