import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { logInViaApi } from './fixtures';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const verifier = path.resolve(__dirname, '..', '..', 'scripts', 'verify-receipt.mjs');

/** Runs the standalone verifier; its exit code and what it printed. */
function verify(args: string[]): { code: number; out: string } {
  try {
    return { code: 0, out: execFileSync(process.execPath, [verifier, ...args], { encoding: 'utf8' }) };
  } catch (err) {
    const e = err as { status: number; stdout: string };
    return { code: e.status, out: e.stdout };
  }
}

/**
 * Issue 28: a signer keeps a receipt anyone can check. Its own petition (made through the API), so it
 * does not depend on what other tests sign; the checkpoint it checks against may move on when other
 * tests sign meanwhile, so the file is downloaded again until it matches the latest checkpoint.
 */
test('a doctor signs, the page checks the receipt (proof and the checkpoint’s Ed25519 signature), the downloaded file verifies with verify-receipt.mjs', async ({
  page,
}) => {
  // The owner makes and publishes a petition of this test's own.
  const owner = await page.request.post('/api/user/login', { data: { email: 'lege@demo.no', password: 'Demo!2026' } });
  const ownerToken = ((await owner.json()) as { access_token: string }).access_token;
  const auth = { Authorization: `Bearer ${ownerToken}` };
  const title = `Kvittering for signaturen ${Date.now()}`;
  const created = await page.request.post('/api/my/petitions', {
    headers: auth,
    data: { title, summary: 'Hver signatur får en kvittering.', full_text: 'Vi ber om etterprøvbare signaturer.', end_date: inDays(20), recipient: 'Helsedirektoratet' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  const published = await page.request.patch(`/api/my/petitions/${id}`, { headers: auth, data: { visibility: 'open' } });
  expect(published.status(), await published.text()).toBe(200);

  // Another doctor signs on the page.
  const signer = await logInViaApi(page, 'kari.nordby@demo.no');
  const signerId = (signer.user as unknown as { id: number }).id;
  await page.goto(`/petitions/details/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Signer oppropet' }).click();
  // One plain sentence of what the receipt guarantees; the count is the petition's valid signatures.
  await expect(page.getByText('Signaturen din står i en offentlig logg som bare kan legges til. Legenett kan ikke endre eller fjerne den uten at det synes.')).toBeVisible();
  await expect(page.getByText('Gyldige signaturer: 1', { exact: true })).toBeVisible();

  // The page checks the inclusion proof and the checkpoint's signature itself (WebCrypto Ed25519 in Chromium).
  const checked = page.getByRole('status').filter({ hasText: 'Kontrollert i nettleseren din' });
  await expect(checked).toHaveText('Kontrollert i nettleseren din: kvitteringen stemmer med den signerte loggen.', { timeout: 15_000 });
  // The technical check, named so its numbers are not the petition's count: under "Vis detaljer".
  await page.getByText('Vis detaljer').click();
  await expect(
    page.getByText(/^Beviset leder fra loggoppføring nr\. \d+ til loggens kontrollpunkt ved \d+ oppføringer, og kontrollpunktet er signert med loggens nøkkel\.$/),
  ).toBeVisible();

  // The log's public key from its well-known address.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-receipt-'));
  const keyFile = path.join(dir, 'key.json');
  const key = await page.request.get('/api/petition-log/key');
  expect(key.status()).toBe(200);
  fs.writeFileSync(keyFile, await key.text());

  // Download the receipt and fetch the latest checkpoint; again if the log grew in between.
  let receiptFile = '';
  let checkpointFile = '';
  for (let attempt = 0; ; attempt++) {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Last ned kvittering' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`kvittering-opprop-${id}.json`);
    receiptFile = path.join(dir, file.suggestedFilename());
    await file.saveAs(receiptFile);
    const checkpoint = await page.request.get('/api/petition-log/checkpoint');
    expect(checkpoint.status()).toBe(200);
    checkpointFile = path.join(dir, 'checkpoint.json');
    fs.writeFileSync(checkpointFile, await checkpoint.text());
    await expect(page.getByText(`Kvitteringen er lastet ned (kvittering-opprop-${id}.json).`)).toBeVisible();
    const receipt = JSON.parse(fs.readFileSync(receiptFile, 'utf8')) as {
      petition_id: number;
      petition_title: string;
      downloaded_at: string;
      how_to_check: string;
      checkpoint: { tree_size: number };
    };
    // The file says which petition, when, and how to check it.
    expect(receipt.petition_id).toBe(id);
    expect(receipt.petition_title).toBe(title);
    expect(Date.parse(receipt.downloaded_at)).not.toBeNaN();
    expect(receipt.how_to_check).toContain('node scripts/verify-receipt.mjs');
    expect(receipt.how_to_check).toContain('/petition-log');
    const latest = (JSON.parse(fs.readFileSync(checkpointFile, 'utf8')) as { data: { tree_size: number } }).data;
    if (receipt.checkpoint.tree_size === latest.tree_size) break;
    expect(attempt, 'the log kept growing between download and checkpoint').toBeLessThan(5);
    await page.reload();
    await expect(checked).toBeVisible({ timeout: 15_000 });
  }

  // The standalone verifier: valid against the checkpoint and the published key, and it is this account's signature.
  expect(verify([receiptFile, '--checkpoint', checkpointFile, '--key', keyFile, '--user', String(signerId)])).toEqual({ code: 0, out: 'valid\n' });
  // Another account's id, or a changed entry: refused, with the reason.
  expect(verify([receiptFile, '--checkpoint', checkpointFile, '--key', keyFile, '--user', String(signerId + 100_000)])).toEqual({
    code: 1,
    out: 'invalid: the entry names another signer than this account (with this salt)\n',
  });
  const tampered = JSON.parse(fs.readFileSync(receiptFile, 'utf8')) as { entry: { created_at: string } };
  tampered.entry.created_at = new Date(Date.parse(tampered.entry.created_at) + 1000).toISOString();
  fs.writeFileSync(path.join(dir, 'tampered.json'), JSON.stringify(tampered));
  expect(verify([path.join(dir, 'tampered.json'), '--checkpoint', checkpointFile, '--key', keyFile])).toEqual({
    code: 1,
    out: 'invalid: the entry does not hash to its leaf_hash (the entry or the hash was changed)\n',
  });
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a visitor reads on /petition-log how to check a receipt, with the current checkpoint and the public key', async ({ page }) => {
  const key = (await (await page.request.get('/api/petition-log/key')).json()) as { data: { key_id: string } };
  await page.goto('/petition-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Signaturloggen: slik kontrollerer du en kvittering' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kontroller med verify-receipt.mjs' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kontroller med et hvilket som helst RFC 9162-verktøy' })).toBeVisible();
  await expect(page.getByText(/^Siste signerte kontrollpunkt: \d+ oppføringer/)).toBeVisible();
  await expect(page.getByText(`Loggens offentlige nøkkel (Ed25519, nøkkel-id ${key.data.key_id})`)).toBeVisible();
  await expect(page.getByText(/BEGIN PUBLIC KEY/)).toBeVisible();
  // No login asked for.
  await expect(page).toHaveURL(/\/petition-log$/);
});
