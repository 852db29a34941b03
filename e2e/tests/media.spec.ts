import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { logInViaApi } from './fixtures';

/** Letters only, so Norwegian full-text search finds it as one word. */
const uniqueWord = () =>
  `klipp${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;

const videoTime = (page: Page) => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);

test.describe('video and audio archive', () => {
  test('a doctor filters by category, plays a video, seeks, leaves and comes back to the same position', async ({
    page,
  }) => {
    await logInViaApi(page, 'lege@demo.no');
    await page.goto('/videos');
    await expect(page.getByRole('heading', { level: 1, name: 'Videoer' })).toBeVisible();

    // Filter by category: the filter lands in the URL and the list narrows to it.
    await page.getByRole('combobox', { name: 'Kategorier' }).click();
    await page.getByRole('option', { name: /^Prosedyrer/ }).click();
    await expect(page).toHaveURL(/categories=\d+/);
    const list = page.getByRole('list', { name: 'Videoer' });
    await expect(list.getByRole('article', { name: 'Suturteknikk for allmennleger' })).toBeVisible();
    await expect(list.getByRole('article', { name: 'EKG-tolkning på 10 minutter' })).toHaveCount(0);

    await list.getByRole('link', { name: 'Suturteknikk for allmennleger' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Suturteknikk for allmennleger' }),
    ).toBeVisible();
    const video = page.locator('video');
    await expect(video).toHaveAttribute(
      'src',
      /\/api\/media\/stream\/video\/\d+\/file\?u=\d+&expires=\d+&signature=/,
    );
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);

    // Play, seek to 6 s (a range request), pause there: the position is saved.
    await video.evaluate((v: HTMLVideoElement) => v.play());
    await expect.poll(() => videoTime(page)).toBeGreaterThan(0.2);
    await video.evaluate((v: HTMLVideoElement) => {
      v.currentTime = 6;
    });
    await expect.poll(() => videoTime(page)).toBeGreaterThanOrEqual(6);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/media/positions') && r.status() === 200);
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    await saved;

    // Leave, and come back: the player starts where the user left off.
    await page.getByRole('link', { name: /Tilbake til videoer/ }).click();
    await expect(
      page
        .getByRole('region', { name: 'Fortsett å se' })
        .getByRole('link', { name: 'Suturteknikk for allmennleger' }),
    ).toBeVisible();
    await page
      .getByRole('region', { name: 'Fortsett å se' })
      .getByRole('link', { name: 'Suturteknikk for allmennleger' })
      .click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Fortsetter der du slapp (0:06)' }),
    ).toBeVisible();
    await expect.poll(() => videoTime(page)).toBeGreaterThanOrEqual(6);
  });

  test('an audio track keeps playing while the user opens the feed', async ({ page }) => {
    await logInViaApi(page, 'lege@demo.no');
    await page.goto('/audio');
    await page.getByRole('link', { name: 'Fagnytt: Nye retningslinjer for hjertesvikt' }).first().click();
    await page.getByRole('button', { name: 'Spill av' }).click();
    const player = page.getByRole('region', { name: 'Lydspiller' });
    await expect(
      player.getByRole('link', { name: 'Fagnytt: Nye retningslinjer for hjertesvikt' }),
    ).toBeVisible();
    const audio = page.getByTestId('audio-mini-player-element');
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0.3);

    // Through the navigation (no reload): the same element goes on playing.
    await page.getByRole('navigation').getByRole('link', { name: 'Nyhetsstrøm' }).click();
    await expect(page).toHaveURL(/\/feed$/);
    const before = await audio.evaluate((a: HTMLAudioElement) => a.currentTime);
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime))
      .toBeGreaterThan(before + 0.5);
    expect(await audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(false);
    await expect(player).toBeVisible();
  });

  test('a user without confirmed health personnel status is sent home: the state page names the page, or the notice', async ({ page }) => {
    await logInViaApi(page, 'review@demo.no'); // "In review" may watch
    await page.goto('/videos');
    await expect(page.getByRole('heading', { level: 1, name: 'Videoer' })).toBeVisible();
    await logInViaApi(page, 'pending@demo.no');
    await page.goto('/audio');
    // Awaiting approval: its state page names the audio archive and keeps the link (no toast). Once
    // approved without a confirmed HPR status: the health-personnel notice.
    await expect(
      page.getByRole('region', { name: 'Siden du prøvde å åpne' }).or(page.getByRole('dialog', { name: 'Bare for helsepersonell' })),
    ).toBeVisible();
    // Home: the front page while the account awaits approval, which leads on to the feed once it is
    // approved (accounts.spec.ts approves pending@demo.no when the whole suite runs before this file).
    await expect(page).toHaveURL(/\/(feed)?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Lydarkiv' })).toHaveCount(0);
  });

  test('an administrator uploads a video with a progress bar and publishes it', async ({ page }) => {
    const word = uniqueWord();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-e2e-media-'));
    const file = path.join(dir, 'klipp.mp4');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=duration=3:size=160x90:rate=10',
      '-pix_fmt',
      'yuv420p',
      '-y',
      file,
    ]);
    try {
      await logInViaApi(page, 'admin@demo.no');
      await page.goto('/admin/media');
      await expect(page.getByRole('heading', { level: 1, name: 'Video og lyd' })).toBeVisible();
      const form = page.getByRole('form', { name: 'Nytt innhold' });
      const chooser = page.waitForEvent('filechooser');
      await form.getByRole('button', { name: 'Velg filer: Fil', exact: true }).click();
      await (await chooser).setFiles(file);
      await form.getByRole('textbox', { name: /^Tittel/ }).fill(`Demoklipp ${word}`);
      await form.getByRole('checkbox', { name: 'Publiser nå' }).uncheck();
      // The upload is held at the browser's edge until the bar has been seen: a small file on a quick
      // run was stored and the bar gone before the first look (CI, 2026-11-28).
      const upload = /\/api\/admin\/media\/video$/;
      let release = (): void => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(upload, async (route) => {
        await held;
        await route.continue();
      });
      const uploaded = page.waitForResponse((r) => upload.test(r.url()));
      await form.getByRole('button', { name: 'Last opp og lagre' }).click();
      // While held: the bar (its filled part has no width yet at 0 %) and the spoken status.
      await expect(page.getByRole('progressbar', { name: 'Opplasting' })).toBeAttached();
      await expect(page.getByRole('status').filter({ hasText: /^Laster opp … \d+ %$/ })).toBeVisible();
      release();
      expect((await uploaded).status()).toBe(201);
      await expect(page.getByRole('progressbar', { name: 'Opplasting' })).toHaveCount(0);
      await page.unroute(upload);

      const item = page.getByRole('article', { name: `Demoklipp ${word}` });
      await expect(item.getByText('Utkast')).toBeVisible();
      await item.getByRole('button', { name: 'Publiser', exact: true }).click();
      await expect(item.getByText('Publisert')).toBeVisible();

      await logInViaApi(page, 'lege@demo.no');
      await page.goto(`/videos?search=${word}`);
      await expect(page.getByRole('article', { name: `Demoklipp ${word}` })).toBeVisible();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a search finds what is said in captions and opens the video at that second', async ({ page }) => {
    await logInViaApi(page, 'lege@demo.no');
    await page.goto('/videos?search=demoopptak');
    const hits = page.getByRole('region', { name: 'Sagt i tekstingen' });
    const hit = hits.getByRole('link', { name: /^0:04 i «/ }).first();
    await expect(hit).toBeVisible();
    await hit.click();
    await expect(page).toHaveURL(/\/videos\/\d+\?t=4$/);
    await expect.poll(() => videoTime(page)).toBeGreaterThanOrEqual(4);
  });

  test('a doctor makes a private podcast feed that lists the audio archive', async ({ page }) => {
    await logInViaApi(page, 'lege@demo.no');
    await page.goto('/audio');
    const card = page.getByRole('region', { name: 'Din private podkaststrøm' });
    await card.getByRole('button', { name: /Lag (ny )?adresse/ }).click();
    const address = await card.getByRole('textbox', { name: 'Strømmens adresse' }).inputValue();
    expect(address).toMatch(/\/api\/podcast\/[A-Za-z0-9_-]{43}$/);
    const feed = await page.request.get(new URL(address).pathname);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain('<title>Legepodden: Antibiotikaresistens</title>');
    await card.getByRole('button', { name: 'Stopp strømmen' }).click();
    await expect(card.getByText('Du har ingen aktiv strøm.')).toBeVisible();
    expect((await page.request.get(new URL(address).pathname)).status()).toBe(404);
  });

  test('the archive on a phone @mobile', async ({ page }) => {
    // Not the student: accounts.spec.ts turns two-step login on for that account earlier in the run.
    await logInViaApi(page, 'lege@demo.no');
    await page.goto('/videos');
    await expect(page.getByRole('heading', { level: 1, name: 'Videoer' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Videoer' }).getByRole('article').first()).toBeVisible();
  });
});
