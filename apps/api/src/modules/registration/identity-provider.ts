/** The person an electronic-ID session identified. */
export interface IdentitySubject {
  firstName: string;
  lastName: string;
  /** ISO date (YYYY-MM-DD) or null when the provider does not give it. */
  birthDate: string | null;
  /** The national identity number in clear; hashed before anything stores it. */
  nationalId: string;
}

export type ProviderSessionState =
  | { status: 'pending' }
  | { status: 'completed'; subject: IdentitySubject }
  | { status: 'cancelled' | 'expired'; error?: string };

export interface StartSessionInput {
  /** Our session id (the SPA's `sessionId`). */
  sessionId: string;
  /** Where the browser returns: success, and cancelled/failed. */
  successUrl: string;
  abortUrl: string;
  expiresAt: Date;
  /** The user's language, for the provider's pages. */
  locale: 'no' | 'en';
}

/**
 * Electronic-ID provider (Signicat-style session API). The simulator answers locally; the Signicat
 * adapter speaks the provider's REST API. Chosen by IDENTITY_PROVIDER.
 */
export abstract class IdentityProvider {
  abstract readonly name: 'simulator' | 'signicat';
  /** Opens a session at the provider: its id there and the URL to send the browser to. */
  abstract startSession(input: StartSessionInput): Promise<{ providerSessionId: string; url: string }>;
  /** The provider's current state of a session. */
  abstract fetchSession(providerSessionId: string): Promise<ProviderSessionState>;
}

/** The provider could not be reached or answered nonsense (503 for the client). */
export class IdentityProviderUnavailableError extends Error {}
