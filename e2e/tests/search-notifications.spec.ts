import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, logInViaApi } from './fixtures';

test.describe('global search and the notifications page', () => {
  test('a doctor searches from the header: keyboard to a person, "see all" to the filtered list', async ({
    page,
  }) => {
    await logInViaApi(page, 'lege@demo.no');
    await page.goto('/feed');
    const box = page.getByRole('combobox', { name: 'Søk i Legenett' });
    await box.fill('Nordby');
    const listbox = page.getByRole('listbox', { name: 'Søk i Legenett' });
    const people = listbox.getByRole('group', { name: 'Personer' });
    await expect(people.getByRole('option', { name: 'Kari Nordby' })).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute(
      'aria-activedescendant',
      (await people.getByRole('option').first().getAttribute('id'))!,
    );
    await box.press('Enter');
    await expect(page).toHaveURL(/\/profile\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Kari Nordby' })).toBeVisible();

    await box.fill('Overlege');
    const jobs = listbox.getByRole('group', { name: 'Jobber' });
    await expect(jobs.getByRole('option', { name: /Overlege i kardiologi/ })).toBeVisible();
    await jobs.getByRole('option', { name: /^Se alle/ }).click();
    await expect(page).toHaveURL(/\/jobs\?search=Overlege$/);
    await expect(page.getByRole('link', { name: /Overlege i kardiologi/ }).first()).toBeVisible();
  });

  test('the bell leads to the notifications page, which pages and marks all read', async ({ page }) => {
    const me = await logInViaApi(page, 'lege@demo.no');
    // A colleague likes one of the doctor's posts (again), so that there is an unread notification.
    const colleague = await page.request.post('/api/user/login', {
      data: { email: 'kari.nordby@demo.no', password: DEMO_PASSWORD },
    });
    const auth = {
      Authorization: `Bearer ${((await colleague.json()) as { access_token: string }).access_token}`,
    };
    const posts = await page.request.get(`/api/profile/${me.user.slug}/posts`, { headers: auth });
    expect(posts.status()).toBe(200);
    const [post] = ((await posts.json()) as { data: { id: number }[] }).data;
    await page.request.delete(`/api/posts/${post!.id}/like`, { headers: auth });
    expect((await page.request.post(`/api/posts/${post!.id}/like`, { headers: auth })).status()).toBe(200);

    await page.goto('/feed');
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toHaveAttribute('aria-label', /Varsler, \d+ uleste/, { timeout: 15_000 });
    await bell.click();
    await page
      .getByRole('dialog', { name: 'Varsler' })
      .getByRole('link', { name: 'Se alle varsler' })
      .click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Varsler' })).toBeVisible();

    const list = page.getByRole('list', { name: 'Alle varsler' });
    const like = list.getByRole('link', { name: /Kari Nordby likte innlegget ditt/ }).first();
    await expect(like).toHaveAttribute('href', `/post/${post!.id}`);
    // Every notification is a link to what it is about.
    expect(await list.getByRole('listitem').count()).toBe(await list.getByRole('link').count());

    await page.getByRole('button', { name: 'Merk alle som lest' }).click();
    await expect(page.getByText('Alle varsler er merket som lest.').first()).toBeVisible();
    await expect(bell).toHaveAttribute('aria-label', 'Varsler', { timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Merk alle som lest' })).toBeDisabled();
    await expect(list.getByText(/^Ulest/)).toHaveCount(0);

    await like.click();
    await expect(page).toHaveURL(new RegExp(`/post/${post!.id}$`));
  });
});
