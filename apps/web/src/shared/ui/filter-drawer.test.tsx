import { TextInput } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/shared/i18n/i18n';
import { renderWithProviders, setupUser } from '@/testing/test-utils';
import { asPhone } from '@/testing/viewport';
import { FilterDrawer } from './filter-drawer';

const filters = (
  <form role="search" aria-label="Søk i listen">
    <TextInput label="Fylke" />
  </form>
);

describe('FilterDrawer', () => {
  it('shows the filters as they are on a computer', () => {
    renderWithProviders(<FilterDrawer activeCount={2}>{filters}</FilterDrawer>);
    expect(screen.getByRole('search', { name: 'Søk i listen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Filtre/ })).not.toBeInTheDocument();
  });

  it('folds them behind a "Filters (N active)" button on a phone, opened in a dialog and closed by "Show results"', async () => {
    asPhone();
    const user = setupUser();
    renderWithProviders(<FilterDrawer activeCount={2}>{filters}</FilterDrawer>);
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    const open = screen.getByRole('button', { name: 'Filtre (2 aktive)' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Filtre' });
    expect(within(dialog).getByLabelText('Fylke')).toBeInTheDocument();
    expect(open).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Vis resultater' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says only "Filters" without active filters, in English too', async () => {
    asPhone();
    await changeLocale('en');
    renderWithProviders(<FilterDrawer activeCount={0}>{filters}</FilterDrawer>);
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
  });
});
