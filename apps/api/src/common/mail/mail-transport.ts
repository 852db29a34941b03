import { type Transporter, createTransport } from 'nodemailer';

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
 * `?pool=false&maxConnections=2`) still wins over these defaults.
 */
export class SmtpMailTransport extends MailTransport {
  private readonly transporter: Transporter;

  constructor(smtpUrl: string) {
    super();
    this.transporter = createTransport(pooledUrl(smtpUrl));
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transporter.sendMail(mail);
  }

  close(): void {
    this.transporter.close();
  }
}

/** The pool's defaults, added to the SMTP URL's query where it does not set them itself. */
const POOL_DEFAULTS = { pool: 'true', maxConnections: '5', maxMessages: '100' };

/** The SMTP URL with the pool's options in its query (nodemailer reads its options from there). */
export function pooledUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [key, value] of Object.entries(POOL_DEFAULTS)) if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  return url.toString();
}
