import { expect, test } from '@playwright/test';
import { logInViaApi } from './fixtures';

const shots = process.env.E2E_SCREENSHOTS;

/** Letters only, so Norwegian full-text search finds it as one word. */
const uniqueWord = () =>
  `kurs${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;

/** Oslo's wall clock `minutes` from now, on a whole minute: the date as typed (`7.1.2027`), hours, minutes. */
const osloInMinutes = (minutes: number) => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Oslo',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(Date.now() + minutes * 60_000));
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { date: `${get('day')}.${get('month')}.${get('year')}`, hours: get('hour'), minutes: get('minute') };
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
    // The app's own date and 24-hour time fields, in Norwegian time.
    const start = osloInMinutes(2);
    await organiser.getByRole('textbox', { name: /^Start \(dato og klokkeslett\).*: dato$/ }).fill(start.date);
    await organiser.getByLabel(/^Start \(dato og klokkeslett\).*: timer$/).fill(start.hours);
    await organiser.getByLabel(/^Start \(dato og klokkeslett\).*: minutter$/).fill(start.minutes);
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
    // The countdown runs out and the page switches to the live player, which opens a viewing record.
    const entered = doctor.waitForResponse((r) => /\/user-entered-on$/.test(new URL(r.url()).pathname) && r.ok(), { timeout: 185_000 });
    await expect(doctor.getByText('Direkte nå').first()).toBeVisible({ timeout: 180_000 });
    await expect(doctor.getByTitle(title)).toBeVisible();
    await entered;
    await doctor.goto('/my_courses');

    // The organiser's analytics show the viewer.
    await organiser.goto(courseUrl);
    await expect(organiser.getByRole('heading', { name: 'Statistikk' })).toBeVisible();
    await expect(organiser.getByText('Deltok', { exact: true }).locator('xpath=following-sibling::*[1]')).toHaveText('1');
    await expect(organiser.getByRole('img', { name: 'Samtidige seere per minutt' })).toBeVisible();
    // Closed, or their pages (live streams, polling) run on beside the worker's next tests.
    for (const p of [organiser, admin, doctor]) await p.context().close();
  });

  test.describe('on a 390 px phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('a doctor finds a webinar with the filters, attends, opens it, leaves; the live one plays in the TV tab @mobile', async ({ page }) => {
      const title = 'Depresjon hos eldre – diagnostikk og behandling';
      // Not subscribed to it in the demo data, and without two-step login.
      await logInViaApi(page, 'henrik.saetre@demo.no');
      await page.goto('/course/webinares');
      // On a phone the filters fold into the "Filtre" sheet (shared FilterDrawer).
      await page.getByRole('button', { name: 'Filtre' }).click();
      const filters = page.getByRole('dialog', { name: 'Filtre' });
      await filters.getByRole('combobox', { name: 'Type' }).click();
      await page.getByRole('option', { name: 'Webinar' }).click();
      await expect(page).toHaveURL(/type=webinar/);
      await filters.getByRole('searchbox', { name: 'Søk' }).fill('depresjon');
      await filters.getByRole('searchbox', { name: 'Søk' }).press('Enter');
      await expect(page).toHaveURL(/search=depresjon/);
      await filters.getByRole('button', { name: 'Vis resultater' }).click();
      await expect(filters).toBeHidden();
      // Nothing on the page is wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.getByRole('link', { name: title }).click();
      await expect(page.getByRole('timer', { name: 'Starter om' })).toBeVisible();
      await page.getByRole('button', { name: 'Meld deg på' }).click();
      await expect(page.getByText('Du er påmeldt.')).toBeVisible();
      // Leaving asks first, and says what happened.
      await page.getByRole('button', { name: 'Meld deg av' }).click();
      const confirm = page.getByRole('dialog', { name: 'Meld deg av' });
      await expect(confirm.getByText(/Plassen din går til den første på ventelisten/)).toBeVisible();
      if (shots) await page.screenshot({ path: `${shots}/course-leave-confirm-phone-no.png` });
      await confirm.getByRole('button', { name: 'Avbryt' }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByText('Du er påmeldt.')).toBeVisible();
      await page.getByRole('button', { name: 'Meld deg av' }).click();
      await page.getByRole('dialog', { name: 'Meld deg av' }).getByRole('button', { name: 'Ja, meld meg av' }).click();
      await expect(page.getByText('Du er meldt av kurset.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Meld deg på' })).toBeVisible();
      await expect(page.getByText('Du er påmeldt.')).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // The TV tab: the webinar running now comes first, with its player; its page says it is live.
      await page.goto('/course/webinares?activeTab=tv');
      const live = page.getByRole('article', { name: 'Akutt hjertesvikt – oppdatering 2026' });
      await expect(live).toBeVisible();
      await expect(page.getByRole('link', { name: 'Se sendingen' }).first()).toBeVisible();
      await live.getByRole('link', { name: 'Akutt hjertesvikt – oppdatering 2026' }).click();
      await expect(page.getByText('Direkte nå').first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });
});
