import { type AddressInfo, createServer, type Server } from 'node:net';
import { schema } from '@legenett/db';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { settleJobs } from '../../../test/jobs';
import { outboxJobId } from '../outbox/outbox-relay';
import { JobQueue } from '../queue';
import { UnitOfWork } from '../../database/unit-of-work';
import { MAIL_DELIVER_BATCH_JOB, MAIL_DELIVER_JOB, MailService } from './mail.service';

/** A minimal SMTP server that accepts everything and keeps the DATA it got. */
function fakeSmtp(received: string[], options: { reject?: boolean; sessions?: { n: number } } = {}): Promise<Server> {
  const server = createServer((socket) => {
    if (options.sessions) options.sessions.n += 1;
    let inData = false;
    let data = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\r\n')) {
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(data);
            data = '';
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (!line) continue;
        if (cmd === 'EHLO' || cmd === 'HELO') socket.write('250 fake\r\n');
        else if (cmd === 'MAIL') socket.write(options.reject ? '550 no thanks\r\n' : '250 ok\r\n');
        else if (cmd === 'RCPT') socket.write('250 ok\r\n');
        else if (cmd === 'DATA') {
          inData = true;
          socket.write('354 go\r\n');
        } else if (cmd === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function outboxRow(t: TestApp, id: number) {
  const [row] = await t.db.select().from(schema.outboxMessages).where(eq(schema.outboxMessages.id, id));
  return row!;
}

describe('MailService', () => {
  it('without SMTP the message stays queued in the outbox, rendered in its language', async () => {
    const t = await createTestApp();
    try {
      const mail = t.app.get(MailService);
      const { id } = await mail.send({ to: 'a@test.no', template: 'account_rejected', locale: 'no', vars: { name: 'Kari', reason: 'Mangler <autorisasjon>' } });
      const row = await outboxRow(t, id);
      expect(row).toMatchObject({ status: 'queued', attempts: 0, template: 'account_rejected', locale: 'no' });
      expect(row.subject).toBe('Kontoen din på Legenett ble ikke godkjent');
      expect(row.body).toContain('Begrunnelse: Mangler <autorisasjon>');
      expect(row.html).toContain('Mangler &lt;autorisasjon&gt;');
    } finally {
      await t.close();
    }
  });

  it('with SMTP a queued job delivers it and marks it sent', async () => {
    const received: string[] = [];
    const smtp = await fakeSmtp(received);
    const port = (smtp.address() as AddressInfo).port;
    const t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Legenett <test@legenett.no>' } });
    try {
      const mail = t.app.get(MailService);
      const { id } = await mail.send({ to: 'b@test.no', template: 'account_approved', locale: 'en', vars: { name: 'Ola', link: 'http://localhost/login' } });
      await settleJobs(t);
      const row = await outboxRow(t, id);
      expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
      expect(row.sent_at).not.toBeNull();
      expect(received.join('')).toContain('Subject: Your Legenett account has been approved');
    } finally {
      await t.close();
      smtp.close();
    }
  });

  it('a delivery job run a second time (a queue that forgot it ran) sends nothing more', async () => {
    const received: string[] = [];
    const smtp = await fakeSmtp(received);
    const env = { SMTP_URL: `smtp://127.0.0.1:${(smtp.address() as AddressInfo).port}` };
    const t = await createTestApp({ env });
    const other = await createTestApp({ env });
    try {
      const { id } = await t.app.get(MailService).send({ to: 'd@test.no', template: 'account_approved', locale: 'en', vars: { name: 'Ola', link: 'x' } });
      await settleJobs(t);
      expect(received).toHaveLength(1);
      const [job] = await t.db
        .select()
        .from(schema.jobOutbox)
        .where(and(eq(schema.jobOutbox.name, MAIL_DELIVER_JOB), sql`${schema.jobOutbox.payload}->>'id' = ${String(id)}`));
      expect(job).toMatchObject({ status: 'done' });
      // The same outbox job on a queue that never saw it: the row is done, the handler does not run.
      expect(await other.app.get(JobQueue).enqueue(MAIL_DELIVER_JOB, job!.payload, { jobId: outboxJobId(job!.id) })).toBe('added');
      await other.app.get(JobQueue).onIdle();
      // And the handler's own check: the message is sent.
      await other.app.get(JobQueue).enqueue(MAIL_DELIVER_JOB, job!.payload);
      await other.app.get(JobQueue).onIdle();
      expect(received).toHaveLength(1);
      expect(await outboxRow(t, id)).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      await other.close();
      await t.close();
      smtp.close();
    }
  });

  it('mails written together (sendMany) go in one batch delivery job over pooled SMTP sessions; the job run again sends none twice', async () => {
    const received: string[] = [];
    const sessions = { n: 0 };
    const smtp = await fakeSmtp(received, { sessions });
    const env = { SMTP_URL: `smtp://127.0.0.1:${(smtp.address() as AddressInfo).port}` };
    const t = await createTestApp({ env });
    const other = await createTestApp({ env });
    try {
      const mails = Array.from({ length: 12 }, (_, i) => ({
        to: `batch-${i}@test.no`,
        template: 'account_approved' as const,
        locale: 'en' as const,
        vars: { name: `Ola ${i}`, link: 'x' },
      }));
      const ids = await t.app.get(UnitOfWork).run((tx) => t.app.get(MailService).sendMany(mails, tx));
      expect(ids).toHaveLength(12);
      await settleJobs(t);
      expect(received).toHaveLength(12);
      expect(received.join('')).toContain('Ola 11');
      // A pool of at most 5 connections, not a session per mail.
      expect(sessions.n).toBeLessThanOrEqual(5);
      for (const id of ids) expect(await outboxRow(t, id)).toMatchObject({ status: 'sent', attempts: 1 });
      const jobs = await t.db
        .select()
        .from(schema.jobOutbox)
        .where(and(eq(schema.jobOutbox.name, MAIL_DELIVER_BATCH_JOB), sql`${schema.jobOutbox.payload}->'ids' @> ${JSON.stringify([ids[0]])}::jsonb`));
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({ status: 'done', payload: { ids } });
      // Run again on a queue that never saw it: every message is sent already, nothing goes twice.
      expect(await other.app.get(JobQueue).enqueue(MAIL_DELIVER_BATCH_JOB, jobs[0]!.payload, { jobId: outboxJobId(jobs[0]!.id) })).toBe('added');
      await other.app.get(JobQueue).onIdle();
      expect(received).toHaveLength(12);
    } finally {
      await other.close();
      await t.close();
      smtp.close();
    }
  });

  it('a refusing SMTP server leaves a failed row with its attempts and error (never lost silently)', async () => {
    const smtp = await fakeSmtp([], { reject: true });
    const port = (smtp.address() as AddressInfo).port;
    const t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const jobs = t.app.get(JobQueue);
      const mail = t.app.get(MailService);
      // The regular job retries for minutes; a one-attempt delivery job shows the final failure now.
      const { id } = await mail.send({ to: 'c@test.no', template: 'account_approved', locale: 'no', vars: { name: 'Per', link: 'x' } });
      await t.db.update(schema.outboxMessages).set({ attempts: 0 }).where(eq(schema.outboxMessages.id, id));
      await jobs.enqueue('mail.deliver', { id }, { attempts: 1, backoffMs: 1 });
      await jobs.onIdle();
      const row = await outboxRow(t, id);
      expect(row.status).toBe('failed');
      expect(row.attempts).toBeGreaterThanOrEqual(1);
      expect(row.last_error).toMatch(/550/);
    } finally {
      await t.close();
      smtp.close();
    }
  }, 20_000);
});
