import { defineEndpoint, IdParamSchema, referenceEndpoints } from '@legenett/contracts';
import { act, screen, within } from '@testing-library/react';
import { z } from 'zod';
import { authStore } from '@/shared/auth/auth-store';
import { changeLocale } from '@/shared/i18n/i18n';
import { MaintenanceModal } from '@/shared/ui/maintenance-modal';
import { useMaintenance } from '@/shared/ui/maintenance-store';
import { apiError, jsonResponse, mockEndpoint, validationError } from '@/testing/api-mocks';
import { renderWithProviders } from '@/testing/test-utils';
import { testUser } from '@/testing/users';
import { ApiError, ApiResponseShapeError } from './api-error';
import { apiCall, setUnauthorizedHandler } from './api-client';
import { pendingRequests } from './pending-requests';

const saveThing = defineEndpoint({
  method: 'PUT',
  path: '/things/:id',
  summary: 'test endpoint',
  access: 'user',
  params: IdParamSchema,
  body: z.object({ title: z.string() }),
  response: z.object({ data: z.object({ id: z.number(), title: z.string() }) }),
});

/** The maintenance dialog as the app layout opens it: closed until the store opens it. */
function MaintenanceFromStore() {
  const { open } = useMaintenance();
  return <MaintenanceModal opened={open} />;
}

function renderGlobalUi() {
  return renderWithProviders(<MaintenanceFromStore />);
}


describe('apiCall', () => {
  it('builds the path from the descriptor and sends X-localization and the bearer token', async () => {
    authStore.setSession('token-123', 900, testUser({ id: 1 }));
    await changeLocale('en');
    // The mock answers `PUT /api/things/:id` only, so a wrong method or path fails the call.
    const calls = mockEndpoint(saveThing, { data: { id: 7, title: 'Hei' } });

    const result = await apiCall(saveThing, { params: { id: 7 }, body: { title: 'Hei' } });

    expect(result.data).toEqual({ id: 7, title: 'Hei' });
    expect(calls).toHaveLength(1);
    const { params, body, headers } = calls[0]!;
    expect(params).toEqual({ id: '7' });
    expect(body).toEqual({ title: 'Hei' });
    expect(headers.get('X-localization')).toBe('en');
    expect(headers.get('Authorization')).toBe('Bearer token-123');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('reads the token from the access_token cookie and adds the query string', async () => {
    document.cookie = 'access_token=from-cookie; Path=/';
    authStore.reload();
    const calls = mockEndpoint(referenceEndpoints.counties, { data: [{ id: 1, name: 'Oslo', code: '03' }] });

    await apiCall(referenceEndpoints.counties, { query: { search: 'Os', limit: 5 } });

    const { query, headers } = calls[0]!;
    expect(query.toString()).toBe('search=Os&limit=5');
    expect(headers.get('Authorization')).toBe('Bearer from-cookie');
    expect(headers.get('X-localization')).toBe('no');
  });

  it('turns a 422 into one warning toast per message', async () => {
    renderGlobalUi();
    mockEndpoint(
      saveThing,
      validationError(
        { title: ['Feltet er påkrevd.', 'Må være minst 3 tegn.'], price: ['Feltet er påkrevd.'] },
        'Noen felt er ikke fylt ut riktig.',
      ),
    );

    await act(async () => {
      await expect(apiCall(saveThing, { params: { id: 1 }, body: { title: '' } })).rejects.toBeInstanceOf(ApiError);
    });

    const alerts = await screen.findAllByRole('alert');
    expect(alerts).toHaveLength(3);
    expect(alerts.map((a) => within(a).getByText(/Feltet|Må være/).textContent)).toEqual([
      'Feltet er påkrevd.',
      'Må være minst 3 tegn.',
      'Feltet er påkrevd.',
    ]);
    alerts.forEach((a) => expect(within(a).getByText('Sjekk feltene')).toBeInTheDocument());
  });

  it('opens the maintenance modal on a 503', async () => {
    renderGlobalUi();
    mockEndpoint(referenceEndpoints.counties, apiError(503, 'Tjenesten er under vedlikehold. Prøv igjen om litt.'));

    await act(async () => {
      await expect(apiCall(referenceEndpoints.counties)).rejects.toMatchObject({ status: 503 });
    });

    const dialog = await screen.findByRole('dialog', { name: 'Vedlikehold' });
    expect(within(dialog).getByText('Tjenesten er under vedlikehold. Prøv igjen om litt.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Last inn på nytt' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a danger toast with the message of other errors', async () => {
    renderGlobalUi();
    mockEndpoint(referenceEndpoints.counties, jsonResponse({ status_code: 500, message: 'Serverfeil', request_id: 'abc' }, 500));

    await act(async () => {
      await expect(apiCall(referenceEndpoints.counties)).rejects.toMatchObject({ status: 500 });
    });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Serverfeil')).toBeInTheDocument();
    expect(within(alert).getByText('Noe gikk galt')).toBeInTheDocument();
  });

  it('hands a 401 to the unauthorized handler and retries once when it renews the session', async () => {
    const calls = mockEndpoint(referenceEndpoints.counties, ({ headers }) =>
      headers.get('Authorization') === 'Bearer fresh' ? { data: [] } : apiError(401, 'expired'),
    );
    const handler = vi.fn(() => {
      authStore.setSession('fresh', 900, testUser({ id: 1 }));
      return Promise.resolve(true);
    });
    setUnauthorizedHandler(handler);

    await expect(apiCall(referenceEndpoints.counties)).resolves.toEqual({ data: [] });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.headers.get('Authorization'))).toEqual([null, 'Bearer fresh']);
  });

  it('drops the stored token on a 401 when no refresh handler is installed', async () => {
    authStore.setSession('stale', 900, testUser({ id: 1 }));
    mockEndpoint(referenceEndpoints.counties, apiError(401, 'expired'));

    await expect(apiCall(referenceEndpoints.counties)).rejects.toMatchObject({ status: 401 });
    expect(authStore.getToken()).toBeNull();
    expect(document.cookie).not.toContain('access_token=stale');
  });

  it('rejects an answer that does not match the response schema', async () => {
    mockEndpoint(referenceEndpoints.counties, jsonResponse({ data: [{ id: 'x' }] }));
    await expect(apiCall(referenceEndpoints.counties, { silent: true })).rejects.toBeInstanceOf(ApiResponseShapeError);
  });

  it('counts writes for the global loading overlay while they run', async () => {
    let finish: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (finish = resolve));
    mockEndpoint(saveThing, async () => {
      await answered;
      return { data: { id: 1, title: 'x' } };
    });

    const call = apiCall(saveThing, { params: { id: 1 }, body: { title: 'x' } });
    expect(pendingRequests.count()).toBe(1);
    finish();
    await call;
    expect(pendingRequests.count()).toBe(0);
  });
});
