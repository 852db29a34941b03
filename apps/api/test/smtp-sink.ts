import { type AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server of the test's own (smtp-server, the protocol implementation nodemailer's authors
 * maintain) on a free local port: it accepts every message and keeps it parsed (mailparser), so a
 * test reads what arrived as a mail client would: headers, the text and HTML parts, the links.
 * docker-compose runs Mailpit for the same role in the demo.
 */
export interface SmtpSink {
  url: string;
  messages: ParsedMail[];
  /** Resolves when `n` messages have arrived (or throws after `ms`). */
  waitFor(n: number, ms?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(n, ms = 10_000) {
      const deadline = Date.now() + ms;
      while (messages.length < n) {
        if (Date.now() > deadline) throw new Error(`${messages.length} of ${n} messages arrived in ${ms} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
