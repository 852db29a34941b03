import { connect, type Socket } from 'node:net';
import { type Transporter, createTransport } from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import type SMTPPool from 'nodemailer/lib/smtp-pool';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  headers?: Record<string, string>;
}

/** Delivers one mail; the SMTP adapter is the only one — without SMTP mail stays in the outbox. */
export abstract class MailTransport {
  abstract send(mail: OutgoingMail): Promise<void>;
  abstract close(): void;
}

/**
 * SMTP through a pool of connections (nodemailer `pool: true`): a connection stays open for many
 * mails (up to `maxMessages` each, `maxConnections` at once) instead of a TCP and SMTP session
 * (EHLO ... QUIT) per mail, as a digest run's tens of thousands need. The URL's own query (e.g.
 * `?pool=false&maxConnections=2`) still wins over these defaults. Its sockets send at once
 * (TCP_NODELAY): with Nagle's algorithm the message's closing `.` waited for the ACK of the body,
 * which the server delays (40 ms on Linux) as it has nothing to answer before the `.`: 61 ms a mail
 * on one connection to a local server, 18 ms without.
 */
export class SmtpMailTransport extends MailTransport {
  private readonly transporter: Transporter;

  constructor(smtpUrl: string) {
    super();
    this.transporter = createTransport(smtpOptions(smtpUrl));
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transporter.sendMail(mail);
  }

  close(): void {
    this.transporter.close();
  }
}

/** The pool's defaults, where the SMTP URL's query does not set them itself. */
const POOL_DEFAULTS = { pool: true, maxConnections: 5, maxMessages: 100 } as const;
/** nodemailer's own default for a connection to be made. */
const CONNECTION_TIMEOUT_MS = 2 * 60_000;

/** nodemailer's options from the SMTP URL (its own parser), over the pool's defaults, with sockets that do not wait (TCP_NODELAY). */
export function smtpOptions(smtpUrl: string): SMTPPool.Options {
  return { ...POOL_DEFAULTS, ...parseConnectionUrl(smtpUrl), getSocket: noDelaySocket };
}

/** A connected TCP socket to the server with Nagle's algorithm off; nodemailer runs SMTP (and TLS) on it. */
function noDelaySocket(options: SMTPPool.Options, callback: (err: Error | null, socketOptions?: { connection: Socket }) => void): void {
  const socket = connect({ host: options.host ?? 'localhost', port: options.port ?? (options.secure ? 465 : 587), noDelay: true });
  socket.setTimeout(options.connectionTimeout ?? CONNECTION_TIMEOUT_MS, () => socket.destroy(new Error('SMTP connection timeout')));
  const failed = (err: Error) => callback(err);
  socket.once('error', failed);
  socket.once('connect', () => {
    socket.removeListener('error', failed);
    socket.setTimeout(0);
    callback(null, { connection: socket });
  });
}
