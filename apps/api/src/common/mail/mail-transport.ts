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

export class SmtpMailTransport extends MailTransport {
  private readonly transporter: Transporter;

  constructor(smtpUrl: string) {
    super();
    this.transporter = createTransport(smtpUrl);
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transporter.sendMail(mail);
  }

  close(): void {
    this.transporter.close();
  }
}
