import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, logInViaApi } from './fixtures';

/** A valid 4x4 PNG; the API decodes and re-encodes it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVR4nGM4IScHRwzEcQCxYxBBO0tjggAAAABJRU5ErkJggg==',
  'base64',
);

/** The unread count the bell announces ("Varsler, 3 uleste" or just "Varsler"). */
async function unreadCount(page: Page): Promise<number> {
  const label = (await page.getByTestId('notification-bell').getAttribute('aria-label')) ?? '';
  return Number(/(\d+)/.exec(label)?.[1] ?? 0);
}

test.describe('feed', () => {
  test('a doctor posts with an image, a colleague comments, and the author sees it live and reads it', async ({ browser }) => {
    const text = `Vaktbytte i julen? ${Date.now()}`;
    const author = await browser.newContext();
    const page = await author.newPage();

    // The author logs in through the form and writes a post with an image.
    await page.goto('/login');
    await page.getByLabel('E-post').fill('lege@demo.no');
    await page.getByLabel(/^Passord/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Logg inn' }).last().click();
    await expect(page).toHaveURL(/\/feed$/);
    await page.getByRole('textbox', { name: 'Hva vil du dele?' }).fill(text);
    await page.getByLabel('Bilder og PDF-er', { exact: true }).setInputFiles([{ name: 'vaktliste.png', mimeType: 'image/png', buffer: PNG }]);
    await page.getByRole('button', { name: 'Publiser' }).click();
    await expect(page.getByText('Innlegget er publisert.')).toBeVisible();
    const post = page.getByRole('article').filter({ hasText: text });
    await expect(post.getByRole('img', { name: 'Bilde 1 av 1' })).toBeVisible();
    const href = await post.getByRole('link', { name: /kommentar/ }).getAttribute('href');
    expect(href).toMatch(/^\/post\/\d+$/);

    // Wait for the live stream's first count (the bell marks itself live), then note it before the comment.
    await expect(page.getByTestId('notification-bell')).toHaveAttribute('data-live', 'true');
    const before = await unreadCount(page);

    // A colleague opens the post and comments.
    const colleague = await browser.newContext();
    const other = await colleague.newPage();
    // Not student@demo.no: the accounts journey turns on two-step login for that account.
    await logInViaApi(other, 'kari.nordby@demo.no');
    await other.goto(href!);
    await expect(other.getByRole('heading', { level: 1, name: 'Anders Lie' })).toBeVisible();
    await expect(other.getByText(text)).toBeVisible();
    await other.getByRole('textbox', { name: 'Skriv en kommentar' }).fill('Jeg kan ta 24. desember.');
    await other.getByRole('button', { name: 'Kommenter' }).click();
    await expect(other.getByText('Kommentaren er lagt til.')).toBeVisible();

    // Without reloading, the author's bell counts one more, then the author reads the notification.
    await expect(page.getByTestId('notification-bell')).toHaveAttribute('aria-label', `Varsler, ${before + 1} uleste`, { timeout: 15_000 });
    await page.getByTestId('notification-bell').click();
    const list = page.getByRole('list', { name: 'Nyeste varsler' });
    // The list refreshes when the count changes: wait for this comment's notification, then open it.
    const notification = list.locator(`a[href="${href}"]`).filter({ hasText: 'Kari Nordby kommenterte innlegget ditt' }).first();
    await expect(notification).toBeVisible();
    await notification.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('list', { name: 'Kommentarer' }).getByText('Jeg kan ta 24. desember.')).toBeVisible();
    await expect.poll(() => unreadCount(page)).toBe(before);

    await colleague.close();
    await author.close();
  });

  test('the author edits, archives and restores a post, and a colleague follows the author', async ({ page, browser }) => {
    const text = `Arkivtest ${Date.now()}`;
    const me = await logInViaApi(page, 'lege@demo.no');
    await page.goto('/feed');
    await page.getByRole('textbox', { name: 'Hva vil du dele?' }).fill(text);
    await page.getByRole('button', { name: 'Publiser' }).click();
    const post = page.getByRole('article').filter({ hasText: text });
    await expect(post).toBeVisible();

    await post.getByRole('button', { name: 'Valg for innlegget' }).click();
    await page.getByRole('menuitem', { name: 'Rediger' }).click();
    await post.getByRole('textbox', { name: 'Tekst' }).fill(`${text} (rettet)`);
    await post.getByRole('button', { name: 'Lagre' }).click();
    await expect(post.getByText(`${text} (rettet)`)).toBeVisible();

    await post.getByRole('button', { name: 'Valg for innlegget' }).click();
    await page.getByRole('menuitem', { name: 'Arkiver' }).click();
    await expect(page.getByText('Innlegget er arkivert.')).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: text })).toHaveCount(0);

    await page.goto(`/archived_posts/${me.user.slug}`);
    const archived = page.getByRole('list', { name: 'Arkiverte innlegg' }).getByRole('article').filter({ hasText: text });
    await archived.getByRole('button', { name: 'Valg for innlegget' }).click();
    await page.getByRole('menuitem', { name: 'Hent fram fra arkivet' }).click();
    await expect(page.getByText('Innlegget er hentet fram igjen.')).toBeVisible();
    await page.goto('/feed');
    await expect(page.getByRole('article').filter({ hasText: text })).toBeVisible();

    // A colleague finds the author by name, follows, and sees the post on the profile page.
    const colleague = await browser.newContext();
    const other = await colleague.newPage();
    // Not student@demo.no: the accounts journey turns on two-step login for that account.
    await logInViaApi(other, 'kari.nordby@demo.no');
    await other.goto('/feed');
    await other.getByRole('searchbox', { name: 'Søk etter navn' }).fill('Anders Li');
    await other.getByRole('list', { name: 'Søkeresultater' }).getByRole('link', { name: 'Anders Lie' }).click();
    await expect(other).toHaveURL(new RegExp(`/profile/${me.user.slug}$`));
    // The seed may already have the student following the doctor: start from "not following".
    const follow = other.getByRole('button', { name: /^(Følg|Slutt å følge)$/ });
    if ((await follow.getAttribute('aria-pressed')) === 'true') await follow.click();
    const followButton = other.getByRole('button', { name: 'Følg', exact: true });
    await expect(followButton).toBeEnabled();
    await followButton.click();
    await expect(other.getByRole('button', { name: 'Slutt å følge' })).toHaveAttribute('aria-pressed', 'true');
    await expect(other.getByRole('article').filter({ hasText: text })).toBeVisible();
    await colleague.close();
  });
});

test.describe('the verified seal', () => {
  test("explains itself on keyboard focus of the author's link, on a click or tap and on hover, without a Tab stop; Escape hides it", async ({
    page,
  }) => {
    await logInViaApi(page, 'lege@demo.no');
    await page.goto('/feed');
    const seal = page.getByRole('img', { name: 'Verifisert lege' }).first();
    await expect(seal).toBeVisible();
    const post = page.getByRole('article').filter({ has: seal }).first();
    const author = post.getByRole('heading').getByRole('link');
    const why = post.getByText('Bekreftet som lege med autorisasjon i Helsepersonellregisteret (HPR).');
    await expect(seal).toHaveAccessibleDescription('Bekreftet som lege med autorisasjon i Helsepersonellregisteret (HPR).');
    await expect(why).toBeHidden();

    // Keyboard: reach the author's link by Tab; the explanation shows below the name, inside the card.
    await author.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(author).toBeFocused();
    await expect(why).toBeVisible();
    const tip = await why.boundingBox();
    const card = await post.boundingBox();
    expect(tip!.x).toBeGreaterThanOrEqual(card!.x);
    expect(tip!.x + tip!.width).toBeLessThanOrEqual(card!.x + card!.width);
    // Escape hides it; the next Tab goes past the seal (no Tab stop) and it stays hidden.
    await page.keyboard.press('Escape');
    await expect(why).toBeHidden();
    await page.keyboard.press('Tab');
    await expect(seal).not.toBeFocused();
    await expect(author).not.toBeFocused();
    await expect(why).toBeHidden();

    // A click (or a tap) focuses the seal and shows it; hovering shows it too.
    await seal.click();
    await expect(seal).toBeFocused();
    await expect(why).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(why).toBeHidden();
    await seal.hover();
    await expect(why).toBeVisible();
  });
});
