import { IdentityProvider, type ProviderSessionState, type StartSessionInput } from './identity-provider';

/**
 * The local stand-in: the "provider" is our own page `/api/identity-simulator/:id`, which completes
 * the session directly in `identity_sessions` when a test person is chosen. So there is nothing to
 * fetch from elsewhere: a session still pending here is pending.
 */
export class SimulatorIdentityProvider extends IdentityProvider {
  readonly name = 'simulator' as const;

  startSession(input: StartSessionInput): Promise<{ providerSessionId: string; url: string }> {
    // Relative: the page is served by this API, on the SPA's origin.
    return Promise.resolve({
      providerSessionId: input.sessionId,
      url: `/api/identity-simulator/${input.sessionId}?lang=${input.locale}`,
    });
  }

  fetchSession(): Promise<ProviderSessionState> {
    return Promise.resolve({ status: 'pending' });
  }
}
