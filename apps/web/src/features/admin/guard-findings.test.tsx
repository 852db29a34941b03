import { adminEndpoints, authEndpoints, type GuardFinding, type GuardSweep, guardSweepEndpoints as ep, type User } from '@legenett/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { mockEndpoint } from '@/testing/api-mocks';
import { renderApp, setupUser } from '@/testing/test-utils';
import { logIn, testUser } from '@/testing/users';

/** The patient-data guard's queue in the admin area (issue 38). */

const sessionUser = (roles: User['roles']): User => testUser({ roles, permissions: [] });
const page = <T,>(data: T[]) => ({ data, meta: { current_page: 1, last_page: 1, per_page: 10, total: data.length } });

const onPetition: GuardFinding = {
  id: 5,
  source: 'petition',
  field: 'summary',
  content_id: 12,
  link: '/petitions/details/12',
  masked: '******-***99',
  could_be_account: false,
  author: { type: 'user', id: 9, slug: 'per-hansen', name: 'Per Hansen' },
  content_created_at: '2024-02-03T10:00:00.000Z',
  status: 'open',
  handled_by: null,
  handled_at: null,
  created_at: '2026-11-29T07:00:00.000Z',
};
const inMessage: GuardFinding = { ...onPetition, id: 6, source: 'message', field: 'body', content_id: 77, link: null };
const done: GuardSweep = {
  id: 3,
  reason: 'rules',
  rules_version: 2,
  status: 'done',
  scanned: 1234,
  found: 2,
  started_at: '2026-11-29T06:59:00.000Z',
  finished_at: '2026-11-29T07:00:00.000Z',
  created_at: '2026-11-29T06:59:00.000Z',
};

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  mockEndpoint(authEndpoints.me, { data: sessionUser(['admin']) });
  logIn(sessionUser(['admin']));
  user = setupUser();
});

describe('admin: identity numbers in content', () => {
  it('lists findings with where, who, when and a link, masked; a private message has neither text nor link', async () => {
    mockEndpoint(ep.latestSweep, { data: done });
    mockEndpoint(ep.findings, page([onPetition, inMessage]));
    renderApp('/admin/guard-findings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fødselsnummer i innhold' })).toBeInTheDocument();
    expect(await screen.findByText(/^Sist gjennomsøkt .*, etter endrede regler \(regler versjon 2\): 1\s234 tekster lest, 2 nye funn\.$/)).toBeInTheDocument();
    const items = await within(await screen.findByRole('list', { name: 'Fødselsnummer i innhold' })).findAllByRole('listitem');
    const petition = items[0]!;
    expect(within(petition).getByText('Opprop')).toBeInTheDocument();
    expect(within(petition).getByText('Felt: summary')).toBeInTheDocument();
    expect(within(petition).getByText('Nummer: ******-***99')).toBeInTheDocument();
    expect(within(petition).getByRole('link', { name: 'Per Hansen' })).toHaveAttribute('href', '/profile/per-hansen');
    expect(within(petition).getByRole('link', { name: /Åpne innholdet/ })).toHaveAttribute('href', '/petitions/details/12');
    expect(within(petition).getByText(/Skrevet av.*3\. feb\. 2024/)).toBeInTheDocument();

    const message = items[1]!;
    expect(within(message).getByText(/En privat melding fra Per Hansen, 3\. feb\. 2024/)).toBeInTheDocument();
    expect(within(message).queryByRole('link')).not.toBeInTheDocument();
  });

  it('marks a finding removed after asking, and starts a sweep from the button', async () => {
    let started = false;
    mockEndpoint(ep.latestSweep, () => ({ data: started ? { ...done, status: 'running' as const, reason: 'manual' as const, finished_at: null } : null }));
    const lists = mockEndpoint(ep.findings, page([onPetition]));
    const decisions = mockEndpoint(ep.decideFinding, { data: { ...onPetition, status: 'removed' as const, handled_at: '2026-11-29T08:00:00.000Z' } });
    const starts = mockEndpoint(ep.startSweep, () => {
      started = true;
      return { data: { ...done, status: 'queued' as const, reason: 'manual' as const, finished_at: null } };
    });
    renderApp('/admin/guard-findings');
    expect(await screen.findByText('Innholdet er ikke gjennomsøkt ennå.')).toBeInTheDocument();
    const item = (await within(await screen.findByRole('list', { name: 'Fødselsnummer i innhold' })).findAllByRole('listitem'))[0]!;
    await user.click(within(item).getByRole('button', { name: 'Innholdet er fjernet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Innholdet er fjernet' });
    expect(decisions).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Innholdet er fjernet' }));
    await waitFor(() => expect(decisions).toHaveLength(1));
    expect(decisions[0]!.params.id).toBe('5');
    expect(decisions[0]!.body).toEqual({ decision: 'removed' });
    expect(await screen.findByText('Funnet er merket som fjernet.')).toBeInTheDocument();
    await waitFor(() => expect(lists.length).toBeGreaterThan(1));

    await user.click(screen.getByRole('button', { name: 'Søk gjennom innholdet nå' }));
    await waitFor(() => expect(starts).toHaveLength(1));
    expect(await screen.findByText(/Gjennomsøking pågår/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Søk gjennom innholdet nå' })).toBeDisabled();
  });

  it('is linked from the dashboard', async () => {
    mockEndpoint(adminEndpoints.users, page([]));
    renderApp('/admin');
    expect(await screen.findByRole('link', { name: 'Fødselsnummer i innhold' })).toHaveAttribute('href', '/admin/guard-findings');
  });
});
