import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { referenceEndpoints } from '@legenett/contracts';
import { storageKeys } from '@/shared/config/storage-keys';
import { countiesFixture, mockEndpoint } from '@/testing/api-mocks';
import { renderApp } from '@/testing/test-utils';
import { asDarkPreference } from '@/testing/viewport';

describe('home page and layout', () => {
  it('renders in Norwegian by default', async () => {
    const counties = mockEndpoint(referenceEndpoints.counties, ({ headers }) => ({ data: countiesFixture[headers.get('X-localization') === 'en' ? 'en' : 'no'] }));
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Det profesjonelle nettverket for leger i Norge' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('no');
    expect(screen.getByRole('link', { name: 'Registrer deg gratis' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Jeg har allerede konto' })).toHaveAttribute('href', '/login');
    // The counties come through the API client, in the user's language.
    const list = await screen.findByRole('list', { name: 'Fylker i Norge' });
    expect(within(list).getByText('Møre og Romsdal')).toBeInTheDocument();
    expect(counties[0]?.headers.get('X-localization')).toBe('no');
  });

  it('switches to English, sets <html lang> and remembers the choice', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Det profesjonelle nettverket for leger i Norge' });

    await user.click(screen.getByRole('radio', { name: 'English' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'The professional network for doctors in Norway' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem(storageKeys.locale)).toBe('en');
    expect(screen.getByRole('link', { name: 'Sign up for free' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    // Names of counties are asked for again in English.
    expect(await screen.findByText('More og Romsdal (en)')).toBeInTheDocument();
  });

  it('toggles the dark skin and remembers it across a reload', async () => {
    const user = userEvent.setup();
    // The installed app's title bar (index.html's theme colour) follows the skin.
    const themeColor = document.head.appendChild(document.createElement('meta'));
    themeColor.name = 'theme-color';
    const first = renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Mørkt utseende' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(themeColor.content).toBe('#1c7ed6');

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(themeColor.content).toBe('#242424');
    themeColor.remove();
    expect(window.localStorage.getItem(storageKeys.colorScheme)).toBe('dark');

    first.unmount();
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Mørkt utseende' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("follows the device's dark appearance until the visitor chooses a skin", async () => {
    asDarkPreference();
    const user = userEvent.setup();
    renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Mørkt utseende' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(window.localStorage.getItem(storageKeys.colorScheme)).toBeNull();

    // A choice made here wins over the device's.
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(window.localStorage.getItem(storageKeys.colorScheme)).toBe('light');
  });

  it('has landmarks, a skip link and navigation to every area', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });

    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Hopp til hovedinnholdet' })).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('radiogroup', { name: 'Språk' })).toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: 'Hovedmeny' });
    const expected: [string, string][] = [
      ['Nyhetsstrøm', '/feed'],
      ['Jobber', '/jobs'],
      ['Kurs og webinarer', '/course/webinares'],
      ['Markedsplass', '/marketplace'],
      ['Opprop', '/petitions'],
      ['Partnerbedrifter', '/profile_company'],
      ['Videoer', '/videos'],
      ['Lydarkiv', '/audio'],
      ['Min profil', '/profile'],
      ['Mine kurs', '/my_courses'],
      ['Mine jobber', '/my_jobs'],
      ['Mine produkter', '/my_products'],
    ];
    for (const [name, href] of expected) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(within(nav).getByRole('link', { name: 'Forside' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the cookie notice until it is accepted', async () => {
    const user = userEvent.setup();
    const first = renderApp('/');
    const notice = await screen.findByRole('region', { name: 'Informasjonskapsler' });

    await user.click(within(notice).getByRole('button', { name: 'Jeg forstår' }));

    expect(screen.queryByRole('region', { name: 'Informasjonskapsler' })).not.toBeInTheDocument();
    first.unmount();
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Informasjonskapsler' })).not.toBeInTheDocument();
  });

  it('puts the cookie notice in the page flow above the content, never floating over form fields', async () => {
    renderApp('/register');
    const notice = await screen.findByRole('region', { name: 'Informasjonskapsler' });
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('main')).toContainElement(notice);
    expect(getComputedStyle(notice).position).not.toBe('fixed');
    // Before the page (and so before every field and button of its form) in the document's order.
    expect(notice.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('reads the API without a token when nobody is logged in', async () => {
    const counties = mockEndpoint(referenceEndpoints.counties, { data: countiesFixture.no });
    const settings = mockEndpoint(referenceEndpoints.frontendSettings, { data: { prev_image_video_src: null, prev_image_video_link: null } });
    renderApp('/');
    await screen.findByRole('list', { name: 'Fylker i Norge' });
    await waitFor(() => expect(counties.length + settings.length).toBeGreaterThan(1));
    for (const call of [...counties, ...settings]) expect(call.headers.has('Authorization')).toBe(false);
  });
});
