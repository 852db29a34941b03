import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '@/shared/i18n/i18n';
import { renderWithProviders, setupUser } from '@/testing/test-utils';
import { VerifiedBadge } from './verified-badge';

const WHY = 'Bekreftet som lege med autorisasjon i Helsepersonellregisteret (HPR).';

/** A person's row as the lists have it: the name links to the profile, the seal beside it, then the next control. */
function Row() {
  return (
    <>
      <div>
        <a href="/profile/kari">Kari Lege</a>
        <VerifiedBadge verifiedAs="doctor" />
      </div>
      <button type="button">Følg</button>
    </>
  );
}

const hidden = () => document.documentElement.hasAttribute('data-verified-tip-hidden');

afterEach(() => document.documentElement.removeAttribute('data-verified-tip-hidden'));

describe('VerifiedBadge (icon)', () => {
  it('is named by the profession and described by what the register confirmed, in text every user can get, not a title', () => {
    renderWithProviders(<Row />);
    const seal = screen.getByRole('img', { name: 'Verifisert lege' });
    expect(seal).toHaveAccessibleDescription(WHY);
    // The explanation is text in the page (shown on hover, tap and keyboard focus by CSS), not a
    // title, which only a mouse shows.
    expect(seal).not.toHaveAttribute('title');
    expect(seal).toHaveTextContent(`Verifisert lege. ${WHY}`);
  });

  it('takes the focus of a tap or a click, but is no Tab stop: Tab goes from the name to the next control', async () => {
    const user = setupUser();
    renderWithProviders(<Row />);
    const seal = screen.getByRole('img', { name: 'Verifisert lege' });
    expect(seal).toHaveAttribute('tabindex', '-1');

    await user.tab();
    expect(screen.getByRole('link', { name: 'Kari Lege' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Følg' })).toHaveFocus();

    await user.click(seal);
    expect(seal).toHaveFocus();
  });

  it('hides its explanation on Escape until the focus or the pointer moves (WCAG 1.4.13)', async () => {
    const user = setupUser();
    renderWithProviders(<Row />);
    await user.tab();
    expect(hidden()).toBe(false);

    await user.keyboard('{Escape}');
    expect(hidden()).toBe(true);

    await user.tab();
    expect(hidden()).toBe(false);
    await user.keyboard('{Escape}');
    expect(hidden()).toBe(true);
    await user.hover(screen.getByRole('img', { name: 'Verifisert lege' }));
    expect(hidden()).toBe(false);
  });

  it('speaks English', async () => {
    await changeLocale('en');
    renderWithProviders(<VerifiedBadge verifiedAs="student" />);
    expect(
      screen.getByRole('img', { name: 'Verified medical student with licence' }),
    ).toHaveAccessibleDescription(
      'Confirmed as a medical student with a student licence in the Norwegian health personnel register (HPR).',
    );
  });

  it('is nothing for an account the register did not confirm', () => {
    renderWithProviders(<VerifiedBadge verifiedAs={null} />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});

describe('VerifiedBadge (full)', () => {
  it('shows the profession as text', () => {
    renderWithProviders(<VerifiedBadge verifiedAs="doctor" variant="full" />);
    expect(screen.getByText('Verifisert lege')).toBeInTheDocument();
  });
});
