import { expect, test } from '@playwright/test';
import { logInViaApi } from './fixtures';

/** Letters only, so Norwegian full-text search finds it as one word. */
const uniqueWord = () =>
  `kurs${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;

/** A `datetime-local` value `minutes` from now, in the browser's zone, on a whole minute. */
const localInMinutes = (minutes: number) => {
  const d = new Date(Date.now() + minutes * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

test.describe('courses', () => {
  test('an organiser submits a webinar, the admin approves it, a doctor attends it live, the organiser sees the viewer', async ({ browser }) => {
    test.setTimeout(240_000);
    const word = uniqueWord();
    const title = `Webinar om hjertesvikt ${word}`;

    // The organiser creates the webinar (starting in two minutes) and submits it.
    const organiser = await (await browser.newContext()).newPage();
    await logInViaApi(organiser, 'lege@demo.no');
    await organiser.goto('/course/new');
    await organiser.getByRole('textbox', { name: /^Tittel/ }).fill(title);
    await organiser.getByRole('textbox', { name: /^Beskrivelse og program/ }).fill('Program: nye retningslinjer og kasuistikker.');
    await organiser.getByLabel(/^Start \(dato og klokkeslett\)/).fill(localInMinutes(2));
    await organiser.getByRole('textbox', { name: /^Innbyggingskode/ }).fill('<iframe src="https://player.vimeo.com/video/76979871"></iframe>');
    await organiser.getByRole('button', { name: 'Lagre utkast' }).click();
    await expect(organiser).toHaveURL(/\/my_courses\/\d+$/);
    const courseUrl = organiser.url();
    await organiser.getByRole('button', { name: 'Send til godkjenning' }).click();
    await expect(organiser.getByText('Til godkjenning').first()).toBeVisible();

    // The administrator approves it from the queue.
    const admin = await (await browser.newContext()).newPage();
    await logInViaApi(admin, 'admin@demo.no');
    await admin.goto('/admin/courses');
    const card = admin.getByRole('article', { name: title });
    await card.getByRole('button', { name: 'Godkjenn' }).click();
    await expect(card).toHaveCount(0);

    // A doctor finds it with the filters, attends, and watches it live.
    const doctor = await (await browser.newContext()).newPage();
    await logInViaApi(doctor, 'kari.nordby@demo.no');
    await doctor.goto('/course/webinares');
    await doctor.getByRole('combobox', { name: 'Type' }).click();
    await doctor.getByRole('option', { name: 'Webinar' }).click();
    await expect(doctor).toHaveURL(/type=webinar/);
    await doctor.getByRole('searchbox', { name: 'Søk' }).fill(word);
    await doctor.getByRole('searchbox', { name: 'Søk' }).press('Enter');
    await expect(doctor).toHaveURL(new RegExp(`search=${word}`));
    await doctor.getByRole('link', { name: title }).click();
    await expect(doctor.getByRole('timer', { name: 'Starter om' })).toBeVisible();
    await doctor.getByRole('button', { name: 'Meld deg på' }).click();
    await expect(doctor.getByText('Du er påmeldt.')).toBeVisible();
    // The countdown runs out and the page switches to the live player.
    await expect(doctor.getByText('Direkte nå').first()).toBeVisible({ timeout: 180_000 });
    await expect(doctor.getByTitle(title)).toBeVisible();
    await doctor.waitForTimeout(3_000);
    await doctor.goto('/my_courses');

    // The organiser's analytics show the viewer.
    await organiser.goto(courseUrl);
    await expect(organiser.getByRole('heading', { name: 'Statistikk' })).toBeVisible();
    await expect(organiser.getByText('Deltok', { exact: true }).locator('xpath=following-sibling::*[1]')).toHaveText('1');
    await expect(organiser.getByRole('img', { name: 'Samtidige seere per minutt' })).toBeVisible();
  });
});
