import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, logInViaApi } from './fixtures';

/**
 * The patient-data guard in the browser (issue 38, docs/patient-data-guard.md): a doctor pastes a
 * valid fødselsnummer the way text copied from a patient record holds it (a non-breaking space
 * between the date and the personal number) into a comment, a petition summary and a message, and
 * sees the API's words on that field; a PDF with the number in its text layer is refused with the
 * same words. Each test makes its own post and conversation.
 */

/** Issue 38's example (15 March 1984), valid by today's rule, with a non-breaking space inside. */
const PASTED = 'Pasient 150384\u00a010099 ble innlagt i natt.';
const WARNING = 'Dette ser ut som et fødselsnummer. Fjern nummeret før du sender.';
/** The field's description starts with the warning (a field's own hint may follow it). */
const WARNS = new RegExp(`^${WARNING.replace(/\./g, '\\.')}`);

const run = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function token(request: APIRequestContext, email: string): Promise<{ token: string; id: number }> {
  const res = await request.post('/api/user/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { access_token: string; user: { id: number } };
  return { token: body.access_token, id: body.user.id };
}

/**
 * A one-page PDF with a text layer (Helvetica, one line), written by hand with a correct cross-reference
 * table: what a word processor's "save as PDF" of a discharge letter holds.
 */
function pdfWithText(text: string): Buffer {
  const escaped = text.replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = `BT /F1 12 Tf 72 720 Td (${escaped}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Pastes into a field as a clipboard paste does: the text inserted at once, no key events per character. */
async function paste(page: Page, field: ReturnType<Page['getByRole']>, text: string) {
  await field.click();
  await page.keyboard.insertText(text);
}

test.describe('patient-data guard', () => {
  test('a number pasted with a non-breaking space is warned about on the comment, the petition summary and the message', async ({ page, request }) => {
    const id = run();
    const lege = await token(request, 'lege@demo.no');
    const kari = await token(request, 'kari.nordby@demo.no');
    // A post of this test's own to comment on, and a conversation of its own.
    const post = await request.post('/api/posts', { headers: bearer(lege.token), multipart: { body: `Vaktplan ${id}` } });
    expect(post.status(), await post.text()).toBe(201);
    const postId = ((await post.json()) as { data: { id: number } }).data.id;
    const group = await request.post('/api/conversations/groups', { headers: bearer(lege.token), data: { title: `Vakt ${id}`, user_ids: [kari.id], body: 'Hei' } });
    expect(group.status(), await group.text()).toBe(201);
    const conversation = ((await group.json()) as { data: { conversation: { id: number } } }).data.conversation.id;
    await logInViaApi(page, 'lege@demo.no');

    // A comment.
    await page.goto(`/post/${postId}`);
    const comment = page.getByRole('textbox', { name: 'Skriv en kommentar' });
    await paste(page, comment, PASTED);
    await expect(comment).toHaveAccessibleDescription(WARNS);
    await expect(comment).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('button', { name: 'Kommenter' })).toBeDisabled();

    // A petition's summary: the warning is on that field, not on the title beside it.
    await page.goto('/petitions/create_petition');
    const title = page.getByRole('textbox', { name: /^Tittel/ });
    await title.fill(`Arbeidstid ${id}`);
    const summary = page.getByRole('textbox', { name: 'Sammendrag' });
    await paste(page, summary, PASTED);
    await expect(summary).toHaveAccessibleDescription(WARNS);
    await expect(summary).toHaveAttribute('aria-invalid', 'true');
    await expect(title).not.toHaveAttribute('aria-invalid', 'true');

    // A message.
    await page.goto(`/messages/${conversation}`);
    const message = page.getByRole('textbox', { name: 'Skriv en melding' });
    await paste(page, message, PASTED);
    await expect(message).toHaveAccessibleDescription(WARNS);
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
    // Taken out again: the message goes.
    await message.fill('Ring meg på 22 22 22 22');
    await expect(message).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('a PDF with a number in its text layer is refused with the same words', async ({ page, request }) => {
    const id = run();
    const lege = await token(request, 'lege@demo.no');
    const kari = await token(request, 'kari.nordby@demo.no');
    const group = await request.post('/api/conversations/groups', { headers: bearer(lege.token), data: { title: `Epikrise ${id}`, user_ids: [kari.id], body: 'Hei' } });
    expect(group.status(), await group.text()).toBe(201);
    const conversation = ((await group.json()) as { data: { conversation: { id: number } } }).data.conversation.id;
    await logInViaApi(page, 'lege@demo.no');
    await page.goto(`/messages/${conversation}`);

    await page.getByRole('textbox', { name: 'Skriv en melding' }).fill(`Se vedlegget ${id}`);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Velg filer: Legg ved fil' }).click();
    await (await chooser).setFiles({ name: 'epikrise.pdf', mimeType: 'application/pdf', buffer: pdfWithText('Epikrise for pasient 150384 10099, innlagt 3. mars.') });
    await expect(page.getByText('epikrise.pdf')).toBeVisible();
    const sent = page.waitForResponse((r) => r.url().includes(`/api/conversations/${conversation}/messages`) && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const res = await sent;
    expect(res.status()).toBe(422);
    // Beside the files, in the API's words; the text stays for another try.
    await expect(page.getByRole('alert').filter({ hasText: WARNING }).first()).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Skriv en melding' })).toHaveValue(`Se vedlegget ${id}`);

    // The same file through the API answers the same words on the file field.
    const direct = await request.post(`/api/conversations/${conversation}/messages`, {
      headers: bearer(lege.token),
      multipart: { body: 'Vedlegg', 'files[]': { name: 'epikrise.pdf', mimeType: 'application/pdf', buffer: pdfWithText('Pasient 150384 10099') } },
    });
    expect(direct.status()).toBe(422);
    const errors = ((await direct.json()) as { errors: Record<string, string[]> }).errors;
    expect(Object.values(errors).flat()).toContain(WARNING);
  });
});
