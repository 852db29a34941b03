import { z } from 'zod';
import {
  IdentityProvider,
  IdentityProviderUnavailableError,
  type ProviderSessionState,
  type StartSessionInput,
} from './identity-provider';

export interface SignicatConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Per-request time-out; default 10 s. */
  timeoutMs?: number;
}

const TokenResponse = z.object({ access_token: z.string().min(1), expires_in: z.number().int().positive().default(300) });

const SessionResponse = z.object({
  id: z.string().min(1),
  status: z.string(),
  authenticationUrl: z.string().optional(),
  subject: z
    .object({
      firstName: z.string().optional(),
      lastName: z.string().optional(),
      dateOfBirth: z.string().optional(),
      nin: z.object({ value: z.string(), issuingCountry: z.string().optional() }).optional(),
    })
    .optional(),
  error: z.object({ code: z.string().optional(), message: z.string().optional() }).optional(),
});

/**
 * Signicat's Authentication REST API ("sessions", redirect flow), authenticated with OAuth 2 client
 * credentials: `POST /auth/open/connect/token`, `POST /auth/rest/sessions` (answers `id` and
 * `authenticationUrl`), `GET /auth/rest/sessions/{id}` (status `CREATED|SUCCESS|ABORT|ERROR|EXPIRED`
 * and, on success, the subject with name, birth date and national identity number `nin`).
 */
export class SignicatIdentityProvider extends IdentityProvider {
  readonly name = 'signicat' as const;
  private token: { value: string; expiresAt: number } | null = null;

  constructor(private readonly config: SignicatConfig) {
    super();
  }

  async startSession(input: StartSessionInput): Promise<{ providerSessionId: string; url: string }> {
    const body = {
      allowedProviders: ['nbid'],
      flow: 'redirect',
      requestedAttributes: ['firstName', 'lastName', 'dateOfBirth', 'nin'],
      callbackUrls: { success: input.successUrl, abort: input.abortUrl, error: input.abortUrl },
      externalReference: input.sessionId,
      language: input.locale === 'no' ? 'nb' : 'en',
      sessionLifetime: Math.max(60, Math.round((input.expiresAt.getTime() - Date.now()) / 1000)),
    };
    const session = await this.request('POST', '/auth/rest/sessions', body);
    if (!session.authenticationUrl) throw new IdentityProviderUnavailableError('session without authenticationUrl');
    return { providerSessionId: session.id, url: session.authenticationUrl };
  }

  async fetchSession(providerSessionId: string): Promise<ProviderSessionState> {
    const session = await this.request('GET', `/auth/rest/sessions/${encodeURIComponent(providerSessionId)}`);
    switch (session.status.toUpperCase()) {
      case 'SUCCESS': {
        const subject = session.subject;
        if (!subject?.firstName || !subject.lastName || !subject.nin?.value) {
          throw new IdentityProviderUnavailableError('completed session without name or national id');
        }
        return {
          status: 'completed',
          subject: {
            firstName: subject.firstName,
            lastName: subject.lastName,
            birthDate: subject.dateOfBirth && /^\d{4}-\d{2}-\d{2}/.test(subject.dateOfBirth) ? subject.dateOfBirth.slice(0, 10) : null,
            nationalId: subject.nin.value,
          },
        };
      }
      case 'ABORT':
      case 'ERROR':
        return { status: 'cancelled', error: session.error?.code ?? session.status };
      case 'EXPIRED':
        return { status: 'expired' };
      default:
        return { status: 'pending' };
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now() + 10_000) return this.token.value;
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64');
    const res = await this.fetch('/auth/open/connect/token', {
      method: 'POST',
      headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'signicat-api' }).toString(),
    });
    const parsed = TokenResponse.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new IdentityProviderUnavailableError('unexpected token response');
    this.token = { value: parsed.data.access_token, expiresAt: Date.now() + parsed.data.expires_in * 1000 };
    return this.token.value;
  }

  private async request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<z.infer<typeof SessionResponse>> {
    const token = await this.accessToken();
    const res = await this.fetch(path, {
      method,
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const parsed = SessionResponse.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new IdentityProviderUnavailableError(`unexpected session response from ${path}`);
    return parsed.data;
  }

  private async fetch(path: string, init: RequestInit): Promise<Response> {
    const url = `${this.config.baseUrl.replace(/\/+$/, '')}${path}`;
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(this.config.timeoutMs ?? 10_000) });
    } catch (err) {
      throw new IdentityProviderUnavailableError(`identity provider unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!res.ok) throw new IdentityProviderUnavailableError(`identity provider answered ${res.status} for ${path}`);
    return res;
  }
}
